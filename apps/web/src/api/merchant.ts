import {
  apiKeyListSchema,
  createdApiKeySchema,
  createdLinkSchema,
  linkListSchema,
  linkSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookSettingsSchema,
  type ApiKey,
  type CreateLinkBody,
  type CreatedApiKey,
  type CreatedLink,
  type Link,
  type LinkList,
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
