import {
  apiKeyListSchema,
  createdApiKeySchema,
  createdLinkSchema,
  linkListSchema,
  linkSchema,
  merchantLinkSchema,
  paymentListSchema,
  recordedRefundSchema,
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
  type RecordedRefund,
  type WebhookTestResult,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookSettings,
} from '@paylink/shared'
import { ApiRequestError, apiGet, apiSend, noContent } from './client.js'

// The merchant routes of apps/server/README.md ("Payment links, payments and webhooks").

const linkPath = (id: string) => `/api/links/${encodeURIComponent(id)}`

export type LinkSummary = LinkList['links'][number]

export const listLinks = (): Promise<LinkSummary[]> => apiGet('/api/links', linkListSchema).then((r) => r.links)
export const getLink = (id: string): Promise<Link> => apiGet(linkPath(id), linkSchema)
export const createLink = (body: CreateLinkBody): Promise<CreatedLink> =>
  apiSend('POST', '/api/links', createdLinkSchema, body)

/** Switch a link off (no new payments) or on again. */
export const setLinkActive = (id: string, active: boolean): Promise<MerchantLink> =>
  apiSend('POST', `${linkPath(id)}/${active ? 'reactivate' : 'deactivate'}`, merchantLinkSchema)

/** Sends a signed webhook.test event now; answers what the receiver said. */
export const sendTestWebhook = (id: string): Promise<WebhookTestResult> =>
  apiSend('POST', `${linkPath(id)}/webhook/test`, webhookTestResultSchema)

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

/**
 * Records a refund the merchant's wallet sent. The server reads the transaction on chain first and
 * answers 409 REFUND_NOT_MINED until it is in a block: retried here a few times for that case only.
 */
export async function recordRefund(
  paymentId: string,
  body: { txHash: string; refundAddress?: string },
  tries = 10,
  waitMs = 1500,
): Promise<RecordedRefund> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiSend('POST', `/api/payments/${encodeURIComponent(paymentId)}/refunds`, recordedRefundSchema, body)
    } catch (error) {
      if (attempt >= tries || !(error instanceof ApiRequestError) || error.code !== 'REFUND_NOT_MINED') throw error
      await new Promise((resolve) => setTimeout(resolve, waitMs))
    }
  }
}

export const listDeliveries = (linkId: string): Promise<WebhookDeliveryList> =>
  apiGet(`${linkPath(linkId)}/deliveries`, webhookDeliveryListSchema)
export const redeliver = (linkId: string, deliveryId: string): Promise<WebhookDelivery> =>
  apiSend('POST', `${linkPath(linkId)}/webhooks/${encodeURIComponent(deliveryId)}/redeliver`, webhookDeliverySchema)

/** A new webhook URL for the link, or null to stop its events. */
export const updateWebhook = (linkId: string, webhookUrl: string | null): Promise<WebhookSettings> =>
  apiSend('PATCH', `${linkPath(linkId)}/webhook`, webhookSettingsSchema, { webhookUrl })

export const listApiKeys = (): Promise<ApiKey[]> => apiGet('/api/keys', apiKeyListSchema).then((r) => r.keys)
export const createApiKey = (name: string): Promise<CreatedApiKey> =>
  apiSend('POST', '/api/keys', createdApiKeySchema, { name })
export const revokeApiKey = (id: string): Promise<void> =>
  apiSend('DELETE', `/api/keys/${encodeURIComponent(id)}`, noContent)

/** Where a payer pays this link (the checkout page). */
export const payUrl = (linkId: string, origin = location.origin): string =>
  `${origin}/pay/${encodeURIComponent(linkId)}`
