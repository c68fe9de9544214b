import type { RotatedWebhookSecret } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { ConflictError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { readMerchantLink } from '../merchants/readMerchantLink.js'
import { newWebhookSecret } from './newWebhookSecret.js'

/** How long a replaced secret keeps signing, so receivers can switch without a missed event. */
export const webhookSecretOverlapMs = 24 * 3600 * 1000

export interface RotateWebhookSecretParameters {
  merchant: Merchant
  linkId: string
  now?: Date
}

/**
 * Gives a link a new webhook secret (returned this once). The replaced one keeps signing beside it
 * for 24 h (two signatures in `webhook-signature`), then is dropped. Rotating again within the
 * overlap keeps only the secret just replaced: at most two sign at once.
 */
export async function rotateWebhookSecret(
  db: Db,
  { merchant, linkId, now = new Date() }: RotateWebhookSecretParameters,
): Promise<RotatedWebhookSecret> {
  return db.transaction(async (tx) => {
    const link = await readMerchantLink(tx, merchant, linkId, { lock: true })
    if (!link.webhookUrl || !link.webhookSecret)
      throw new ConflictError(
        'NO_WEBHOOK_URL',
        `Link ${linkId} has no webhook URL, so it has no secret to rotate; set a URL first.`,
      )
    const webhookSecret = newWebhookSecret()
    const previousSecretExpiresAt = new Date(now.getTime() + webhookSecretOverlapMs)
    await tx
      .update(links)
      .set({
        webhookSecret,
        webhookPreviousSecret: link.webhookSecret,
        webhookPreviousSecretExpiresAt: previousSecretExpiresAt,
      })
      .where(eq(links.id, linkId))
    return { webhookSecret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() }
  })
}
