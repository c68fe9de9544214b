import type {
  apiKeys,
  merchantChainKeys,
  linkOptions,
  linkQuotes,
  links,
  payments,
  refunds,
  sessionAccounts,
  sessions,
  siwxNonces,
  webhookDeliveries,
  webhookEvents,
} from './schema.js'

/** Rows as domain code reads them (`select`), one name per table. */
export type NonceRow = typeof siwxNonces.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type SessionAccountRow = typeof sessionAccounts.$inferSelect
export type ApiKeyRow = typeof apiKeys.$inferSelect
export type LinkRow = typeof links.$inferSelect
export type LinkOptionRow = typeof linkOptions.$inferSelect
export type LinkQuoteRow = typeof linkQuotes.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
export type MerchantChainKeyRow = typeof merchantChainKeys.$inferSelect
export type WebhookEventRow = typeof webhookEvents.$inferSelect
export type RefundRow = typeof refunds.$inferSelect
