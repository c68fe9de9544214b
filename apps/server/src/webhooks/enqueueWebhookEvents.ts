import type { Link, Payment, WebhookEvent, WebhookEventType } from '@paylink/shared'
import { webhookDeliveries } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { newId } from '../db/newId.js'

/** Deliveries are retried for this long after the event (the issue asks for at least 24 h). */
export const webhookRetryWindowMs = 72 * 3600 * 1000

export interface PendingWebhookEvent {
  type: WebhookEventType
  payment: Payment | null
}

/**
 * Writes the events to the outbox in the caller's transaction, so an event exists exactly
 * when the change it reports was committed. Nothing is written for a link without a webhook URL.
 */
export async function enqueueWebhookEvents(
  tx: Tx,
  link: { id: string; webhookUrl: string | null },
  linkView: Link,
  events: readonly PendingWebhookEvent[],
  now: Date,
): Promise<void> {
  if (!link.webhookUrl || events.length === 0) return
  const { payments: _, ...linkSummary } = linkView
  const rows = events.map((event) => {
    const eventId = newId('evt')
    const body: WebhookEvent = {
      id: eventId,
      type: event.type,
      createdAt: now.toISOString(),
      data: { link: linkSummary, payment: event.payment },
    }
    return {
      id: newId('whd'),
      eventId,
      linkId: link.id,
      type: event.type,
      url: link.webhookUrl!,
      body: JSON.stringify(body),
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + webhookRetryWindowMs),
      createdAt: now,
    }
  })
  await tx.insert(webhookDeliveries).values(rows)
}
