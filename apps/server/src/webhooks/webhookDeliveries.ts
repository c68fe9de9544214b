import type { WebhookDelivery, WebhookDeliveryList, WebhookEventType } from '@paylink/shared'
import { and, desc, eq } from 'drizzle-orm'
import type { WebhookDeliveryRow } from '../db/rows.js'
import { webhookDeliveries } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { ConflictError, NotFoundError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { readMerchantLink } from '../merchants/readMerchantLink.js'
import { webhookRetryWindowMs } from './enqueueWebhookEvents.js'

function toView(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookEventType,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }
}

export async function listWebhookDeliveries(db: Db, merchant: Merchant, linkId: string): Promise<WebhookDeliveryList> {
  const link = await readMerchantLink(db, merchant, linkId)
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.linkId, linkId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(200)
  return { webhookUrl: link.webhookUrl, deliveries: rows.map(toView) }
}

/**
 * Sends the same event (same id and body, fresh signature) again as soon as the worker runs,
 * to the link's URL as it is now: the usual reason to redeliver is a URL just corrected.
 */
export async function redeliverWebhook(
  db: Db,
  merchant: Merchant,
  linkId: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDelivery> {
  // The link row stays locked until the delivery is queued: a URL removed meanwhile
  // (updateLinkWebhook takes the same lock) cannot leave it pending for the old URL.
  return db.transaction(async (tx) => {
    const { webhookUrl } = await readMerchantLink(tx, merchant, linkId, { lock: true })
    if (!webhookUrl)
      throw new ConflictError('NO_WEBHOOK_URL', `Link ${linkId} has no webhook URL; set one before redelivering.`)
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        url: webhookUrl,
        status: 'pending',
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + webhookRetryWindowMs),
        leaseToken: null,
        leaseUntil: null,
      })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.linkId, linkId)))
      .returning()
    if (!row) throw new NotFoundError('DELIVERY_NOT_FOUND', `No webhook delivery ${deliveryId} on link ${linkId}.`)
    return toView(row)
  })
}
