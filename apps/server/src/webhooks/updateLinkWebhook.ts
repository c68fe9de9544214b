import type { WebhookSettings } from '@paylink/shared'
import { and, eq } from 'drizzle-orm'
import { links, webhookDeliveries } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { RequestValidationError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { readMerchantLink } from '../merchants/readMerchantLink.js'
import { checkWebhookUrl, type WebhookPolicy } from './checkWebhookUrl.js'
import { newWebhookSecret } from './newWebhookSecret.js'

export interface UpdateLinkWebhookParameters {
  merchant: Merchant
  linkId: string
  /** null: send no more events for this link. */
  webhookUrl: string | null
  policy: WebhookPolicy
}

export const webhookRemovedError = 'The webhook URL was removed, so this event is not sent.'

/**
 * Points a link's webhooks at another URL, or stops them. Events still on their way follow:
 * their next attempt goes to the new URL, or they end as failed when the URL is removed. The
 * signing secret stays, so a receiver that has it keeps verifying; a link that never had one
 * gets one now, returned this once.
 */
export async function updateLinkWebhook(
  db: Db,
  { merchant, linkId, webhookUrl, policy }: UpdateLinkWebhookParameters,
): Promise<WebhookSettings> {
  if (webhookUrl !== null) {
    const problem = checkWebhookUrl(webhookUrl, policy)
    if (problem) throw new RequestValidationError(`body.webhookUrl: ${problem}`)
  }
  return db.transaction(async (tx) => {
    const link = await readMerchantLink(tx, merchant, linkId, { lock: true })
    const secret = link.webhookSecret ?? (webhookUrl === null ? null : newWebhookSecret())
    await tx.update(links).set({ webhookUrl, webhookSecret: secret }).where(eq(links.id, linkId))
    const waiting = and(eq(webhookDeliveries.linkId, linkId), eq(webhookDeliveries.status, 'pending'))
    if (webhookUrl !== null) {
      await tx.update(webhookDeliveries).set({ url: webhookUrl }).where(waiting)
    } else {
      // The lease goes too: an attempt in flight then cannot write its outcome over this one.
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          nextAttemptAt: null,
          lastError: webhookRemovedError,
          leaseToken: null,
          leaseUntil: null,
        })
        .where(waiting)
    }
    return { webhookUrl, webhookSecret: secret !== link.webhookSecret ? secret : null }
  })
}
