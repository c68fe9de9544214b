import type { WebhookEvent, WebhookEventType } from '@paylink/shared'
import { subscriptions } from '../db/schema.js'
import { newId } from '../db/newId.js'
import type { Tx } from '../db/transaction.js'
import { enqueueMerchantEvent } from '../webhooks/enqueueWebhookEvents.js'

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Writes a `subscription.*` event in the caller's transaction: in the merchant's feed, and
 * delivered through the subscription's first link (which carries the plan's webhook URL and secret).
 */
export async function enqueueSubscriptionEvent(
  tx: Tx,
  type: Extract<WebhookEventType, `subscription.${string}`>,
  subscription: SubscriptionRow,
  extra: { txHash?: string | null; dueLinkId?: string | null },
): Promise<void> {
  // The real time, not the demo's moved clock: deliveries are due at once and retried on the real clock.
  const now = new Date()
  const body: WebhookEvent = {
    id: newId('evt'),
    type,
    createdAt: now.toISOString(),
    data: {
      link: null,
      payment: null,
      subscription: {
        id: subscription.id,
        planId: subscription.planId,
        status: subscription.status,
        renewal: subscription.renewal,
        paidPeriods: subscription.paidPeriods,
        currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
        txHash: extra.txHash ?? null,
        dueLinkId: extra.dueLinkId ?? null,
      },
    },
  }
  await enqueueMerchantEvent(tx, subscription.merchant, body, subscription.firstLinkId, subscription.firstLinkId, now)
}
