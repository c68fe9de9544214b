import type { Link, PayerDetails, Payment, WebhookEvent, WebhookEventType } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import { links, webhookDeliveries, webhookEvents } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { newId } from '../db/newId.js'

/** Deliveries are retried for this long after the event (the issue asks for at least 24 h). */
export const webhookRetryWindowMs = 72 * 3600 * 1000

export interface PendingWebhookEvent {
  type: WebhookEventType
  payment: Payment | null
}

/**
 * Writes the events in the caller's transaction, so an event exists exactly when the change it
 * reports was committed: every link's events go to `webhook_events` (the feed a backend without
 * webhooks reads: one more insert per change), and a link with a webhook URL also gets one
 * outbox row per event for the delivery worker.
 */
export async function enqueueWebhookEvents(
  tx: Tx,
  link: {
    id: string
    merchant: string
    webhookUrl: string | null
    orderOf?: string | null
    quantity?: number | null
    payerDetails?: PayerDetails | null
  },
  linkView: Link,
  events: readonly PendingWebhookEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return
  const { payments: _, ...linkSummary } = linkView
  // An order's events say which reusable link it is of and what the payer filled in.
  const order = link.orderOf
    ? { id: link.id, linkId: link.orderOf, quantity: link.quantity ?? 1, payer: link.payerDetails ?? {} }
    : undefined
  const rows = events.map((event) => {
    const body: WebhookEvent = {
      id: newId('evt'),
      type: event.type,
      createdAt: now.toISOString(),
      data: { link: linkSummary, payment: event.payment, ...(order ? { order } : {}) },
    }
    return {
      id: body.id,
      merchant: link.merchant,
      linkId: link.id,
      type: event.type,
      body: JSON.stringify(body),
      createdAt: now,
    }
  })
  await tx.insert(webhookEvents).values(rows)
  const webhookUrl = link.webhookUrl
  if (!webhookUrl) return
  await tx.insert(webhookDeliveries).values(
    rows.map((event) => ({
      id: newId('whd'),
      eventId: event.id,
      linkId: link.id,
      type: event.type,
      url: webhookUrl,
      body: event.body,
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + webhookRetryWindowMs),
      createdAt: now,
    })),
  )
}

/**
 * Writes an event that is no link's own (`payment.unmatched`, `payment.x402`) in the caller's
 * transaction: always in the merchant's feed (under `feedLinkId`, null for none), and delivered
 * signed with the link's secret to the webhook URL of `webhookLinkId` when that link has one.
 */
export async function enqueueMerchantEvent(
  tx: Tx,
  merchant: string,
  body: WebhookEvent,
  feedLinkId: string | null,
  webhookLinkId: string | null,
  now: Date,
): Promise<void> {
  const text = JSON.stringify(body)
  await tx
    .insert(webhookEvents)
    .values({ id: body.id, merchant, linkId: feedLinkId, type: body.type, body: text, createdAt: now })
  if (!webhookLinkId) return
  const [link] = await tx.select({ webhookUrl: links.webhookUrl }).from(links).where(eq(links.id, webhookLinkId))
  if (!link?.webhookUrl) return
  await tx.insert(webhookDeliveries).values({
    id: newId('whd'),
    eventId: body.id,
    linkId: webhookLinkId,
    type: body.type,
    url: link.webhookUrl,
    body: text,
    nextAttemptAt: now,
    giveUpAt: new Date(now.getTime() + webhookRetryWindowMs),
    createdAt: now,
  })
}
