import { maxLateGraceSeconds } from '@paylink/shared'
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { PaymentWatch } from '@paylink/chains/server'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

/** Payments still arrive (and are recorded as late) at least this long after a link expired. */
export const lateWatchMs = 24 * 3600_000

/** The longest an expired link is watched: its grace can be up to 30 days (`maxLateGraceSeconds`). */
export const maxLateWatchMs = Math.max(lateWatchMs, maxLateGraceSeconds * 1000)

/**
 * The moment an expired link stops being watched: a day after expiry, or the end of its grace
 * window when that is longer, so a late payment the merchant lets count is found by the tracker
 * even when nobody tells Paylink about it.
 */
export function lateWatchEnd(expiresAt: Date, latePaymentGraceSeconds: number): number {
  return expiresAt.getTime() + Math.min(Math.max(lateWatchMs, latePaymentGraceSeconds * 1000), maxLateWatchMs)
}

/** The columns of a PaymentWatch, as every read of the watches selects them. */
export const watchColumns = {
  optionId: linkOptions.id,
  linkId: linkOptions.linkId,
  tokenAddress: linkOptions.tokenAddress,
  recipient: linkOptions.recipient,
  depositAddress: linkOptions.depositAddress,
  reference: linkOptions.reference,
}

/** The options on a network a chain family can find payments of by itself: a deposit address or a Solana Pay reference. */
export function watchableOn(caipNetworkId: string) {
  return and(
    eq(linkOptions.caipNetworkId, caipNetworkId),
    or(isNotNull(linkOptions.depositAddress), isNotNull(linkOptions.reference)),
  )
}

/**
 * An expired link still watched at `now` (SQL for `lateWatchEnd(...) > now`). The first bound is
 * the index's (expires_at), the second the exact one per link.
 */
export function stillWatchedLate(now: Date) {
  const lateMs = sql.raw(String(lateWatchMs))
  const capMs = sql.raw(String(maxLateWatchMs))
  return and(
    eq(links.status, 'expired'),
    gt(links.expiresAt, new Date(now.getTime() - maxLateWatchMs)),
    sql`${links.expiresAt} + least(greatest(${lateMs}, ${links.latePaymentGraceSeconds}::bigint * 1000), ${capMs}) * interval '1 millisecond' > ${now.toISOString()}::timestamptz`,
  )
}

/**
 * The options on a network whose payments the chain family looks for by itself: those with a
 * deposit address or a Solana Pay reference, on links still open, partially paid, or expired
 * less than a day ago or within their late-payment grace (a late payment is still recorded, and
 * counted within the grace), and not deactivated by the merchant (payments already recorded are
 * followed as payments, not through these watches). One query, whatever their count.
 */
export async function loadWatches(db: Db, caipNetworkId: string, now: Date = new Date()): Promise<PaymentWatch[]> {
  return db
    .select(watchColumns)
    .from(linkOptions)
    .innerJoin(links, eq(links.id, linkOptions.linkId))
    .where(
      and(
        watchableOn(caipNetworkId),
        isNull(links.deactivatedAt),
        or(inArray(links.status, ['open', 'partially_paid']), stillWatchedLate(now)),
      ),
    )
}
