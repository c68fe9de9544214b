import { and, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import type { PaymentWatch } from '../chains/chainFamily.js'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

/** Payments still arrive (and are recorded as late) this long after a link expired. */
export const lateWatchMs = 24 * 3600_000

/** The columns of a PaymentWatch, as every read of the watches selects them. */
export const watchColumns = {
  optionId: linkOptions.id,
  linkId: linkOptions.linkId,
  tokenAddress: linkOptions.tokenAddress,
  recipient: linkOptions.recipient,
  depositAddress: linkOptions.depositAddress,
  reference: linkOptions.reference,
}

/**
 * The options on a network whose payments the chain family looks for by itself: those with a
 * deposit address or a Solana Pay reference, on links still open, partially paid, or expired
 * less than a day ago (a late payment is still recorded), and not deactivated by the merchant
 * (payments already recorded are followed as payments, not through these watches). One query,
 * whatever their count.
 */
export async function loadWatches(db: Db, caipNetworkId: string, now: Date = new Date()): Promise<PaymentWatch[]> {
  const lateSince = new Date(now.getTime() - lateWatchMs)
  return db
    .select(watchColumns)
    .from(linkOptions)
    .innerJoin(links, eq(links.id, linkOptions.linkId))
    .where(
      and(
        eq(linkOptions.caipNetworkId, caipNetworkId),
        or(isNotNull(linkOptions.depositAddress), isNotNull(linkOptions.reference)),
        isNull(links.deactivatedAt),
        or(inArray(links.status, ['open', 'partially_paid']), and(eq(links.status, 'expired'), gt(links.expiresAt, lateSince))),
      ),
    )
}
