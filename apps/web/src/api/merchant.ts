import {
  apiKeyListSchema,
  createdApiKeySchema,
  createdLinkSchema,
  linkListSchema,
  linkSchema,
  merchantLinkSchema,
  paymentListSchema,
  webhookDeliveryListSchema,
  webhookTestResultSchema,
  webhookDeliverySchema,
  webhookSettingsSchema,
  type ApiKey,
  type CreateLinkBody,
  type CreatedApiKey,
  type CreatedLink,
  type Link,
  type LinkList,
  type MerchantLink,
  type PaymentList,
  type WebhookTestResult,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookSettings,
} from '@paylink/shared'
import { apiGet, apiSend, noContent } from './client.js'

// The merchant routes of apps/server/README.md ("Payment links, payments and webhooks").

const linkPath = (id: string) => `/api/links/${encodeURIComponent(id)}`

export type LinkSummary = LinkList['links'][number]

export const listLinks = (): Promise<LinkSummary[]> => apiGet('/api/links', linkListSchema).then((r) => r.links)
export const getLink = (id: string): Promise<Link> => apiGet(linkPath(id), linkSchema)
export const createLink = (body: CreateLinkBody): Promise<CreatedLink> => apiSend('POST', '/api/links', createdLinkSchema, body)

/** Switch a link off (no new payments) or on again. */
export const setLinkActive = (id: string, active: boolean): Promise<MerchantLink> => apiSend('POST', `${linkPath(id)}/${active ? 'reactivate' : 'deactivate'}`, merchantLinkSchema)

/** Sends a signed webhook.test event now; answers what the receiver said. */
export const sendTestWebhook = (id: string): Promise<WebhookTestResult> => apiSend('POST', `${linkPath(id)}/webhook/test`, webhookTestResultSchema)

export interface PaymentFilters {
  status?: string
  asset?: string
  /** Inclusive, ISO date or time. */
  from?: string
  /** Exclusive. */
  to?: string
  q?: string
}

/** A page of payments across all links, with totals for everything the filters match. */
export const listPayments = (filters: PaymentFilters, after: string | null, limit = 50): Promise<PaymentList> => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
  if (after) params.set('after', after)
  params.set('limit', String(limit))
  return apiGet(`/api/payments?${params.toString()}`, paymentListSchema)
}

export const listDeliveries = (linkId: string): Promise<WebhookDeliveryList> => apiGet(`${linkPath(linkId)}/deliveries`, webhookDeliveryListSchema)
export const redeliver = (linkId: string, deliveryId: string): Promise<WebhookDelivery> =>
  apiSend('POST', `${linkPath(linkId)}/webhooks/${encodeURIComponent(deliveryId)}/redeliver`, webhookDeliverySchema)

/** A new webhook URL for the link, or null to stop its events. */
export const updateWebhook = (linkId: string, webhookUrl: string | null): Promise<WebhookSettings> =>
  apiSend('PATCH', `${linkPath(linkId)}/webhook`, webhookSettingsSchema, { webhookUrl })

export const listApiKeys = (): Promise<ApiKey[]> => apiGet('/api/keys', apiKeyListSchema).then((r) => r.keys)
export const createApiKey = (name: string): Promise<CreatedApiKey> => apiSend('POST', '/api/keys', createdApiKeySchema, { name })
export const revokeApiKey = (id: string): Promise<void> => apiSend('DELETE', `/api/keys/${encodeURIComponent(id)}`, noContent)

/** Where a payer pays this link (the checkout page). */
export const payUrl = (linkId: string, origin = location.origin): string => `${origin}/pay/${encodeURIComponent(linkId)}`
