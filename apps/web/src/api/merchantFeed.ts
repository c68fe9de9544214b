import {
  eventFeedSchema,
  rotatedWebhookSecretSchema,
  type EventFeed,
  type RotatedWebhookSecret,
  type WebhookEventType,
} from '@paylink/shared'
import { apiGet, apiSend } from './client.js'

// The merchant's feeds (apps/server/README.md, "Events feed and CSV export").

/** What the events list keeps: one type (`order.paid`), one link with its orders' events. */
export interface EventFilters {
  type?: WebhookEventType | undefined
  linkId?: string | undefined
}

/** One page of the merchant's webhook events, oldest first, after `cursor` (from the start when null). */
export const listEvents = (cursor: string | null, filters: EventFilters = {}, limit = 50): Promise<EventFeed> =>
  apiGet(
    `/api/events?${new URLSearchParams({
      limit: String(limit),
      ...(cursor ? { after: cursor } : {}),
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.linkId ? { linkId: filters.linkId } : {}),
    })}`,
    eventFeedSchema,
  )

/** The payments CSV: a plain link downloads it with the session cookie (a GET needs no origin check). */
export const paymentsCsvUrl = '/api/payments.csv'

/** A new webhook signing secret for the link (shown once); the old one keeps signing beside it for 24 h. */
export const rotateWebhookSecret = (linkId: string): Promise<RotatedWebhookSecret> =>
  apiSend('POST', `/api/links/${encodeURIComponent(linkId)}/webhook/rotate-secret`, rotatedWebhookSecretSchema)
