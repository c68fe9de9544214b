import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { PaymentRow } from '../db/rows.js'

/**
 * Which payments a tracker pass takes:
 * - `ids`: these (a fresh submission, hashes found in a new block, payments a reorg moved);
 * - `due`: pending payments whose rest is over (the periodic re-check and the unknown-tx timer),
 *   and payments confirming in no block yet (a Bitcoin mempool): a replacement (RBF) is noticed
 *   between blocks too;
 * - `inBlock`: payments already in a block: confirming, and confirmed ones still watched at `head`.
 */
export type PaymentSelection =
  { kind: 'ids'; ids: readonly string[] } | { kind: 'due' } | { kind: 'inBlock'; head: bigint }

export interface ClaimPaymentsParameters {
  caipNetworkId: string
  selection: PaymentSelection
  leaseToken: string
  leaseMs: number
  limit: number
}

/**
 * Claims payments with a lease (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`), so
 * concurrent trackers in any number of processes split the work and never decide one payment
 * twice at once. A row with a lease token is claimed until `lease_until`; a pending row without
 * a token but with a future `lease_until` is resting: the block scan may still take it (its
 * transaction was just mined), only the periodic re-check waits for it.
 */
export async function claimPayments(
  db: Db,
  { caipNetworkId, selection, leaseToken, leaseMs, limit }: ClaimPaymentsParameters,
): Promise<PaymentRow[]> {
  const free = or(isNull(payments.leaseToken), lt(payments.leaseUntil, sql`now()`))
  const unmined = and(eq(payments.status, 'confirming'), isNull(payments.blockNumber))
  const which =
    selection.kind === 'ids'
      ? and(
          inArray(payments.id, [...selection.ids]),
          inArray(payments.status, ['pending', 'confirming', 'confirmed']),
          free,
        )
      : selection.kind === 'due'
        ? and(
            or(eq(payments.status, 'pending'), unmined),
            or(isNull(payments.leaseUntil), lt(payments.leaseUntil, sql`now()`)),
          )
        : and(
            or(
              eq(payments.status, 'confirming'),
              and(eq(payments.status, 'confirmed'), gte(payments.watchUntilBlock, selection.head)),
            ),
            free,
          )
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.caipNetworkId, caipNetworkId), which))
    .orderBy(asc(payments.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(payments)
    .set({ leaseToken, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(inArray(payments.id, due))
    .returning()
}

export interface ReleasePaymentsParameters {
  leaseToken: string
  ids: readonly string[]
  /**
   * After a completed chain read, a still-pending payment (or one confirming in no block) rests this long before the periodic
   * re-check reads it again (or until its unknown-tx grace runs out, if sooner). Omitted (a
   * failed read): free at once.
   */
  rest?: { recheckMs: number; missingGraceMs: number }
}

/** Gives back what `claimPayments` took under this token (a lost claim is left alone). */
export async function releasePayments(db: Db, { leaseToken, ids, rest }: ReleasePaymentsParameters): Promise<void> {
  if (ids.length === 0) return
  const leaseUntil = rest
    ? sql`case when ${payments.status} = 'pending' or (${payments.status} = 'confirming' and ${payments.blockNumber} is null) then least(now() + ${rest.recheckMs} * interval '1 millisecond', ${payments.missingSince} + ${rest.missingGraceMs} * interval '1 millisecond') end`
    : sql`null`
  await db
    .update(payments)
    .set({ leaseToken: null, leaseUntil })
    .where(and(eq(payments.leaseToken, leaseToken), inArray(payments.id, [...ids])))
}
