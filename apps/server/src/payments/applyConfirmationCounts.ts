import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { links, payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

export interface ApplyConfirmationCountsParameters {
  /** Claimed payments (under `leaseToken`) whose only change is their confirmation count. */
  ids: readonly string[]
  leaseToken: string
  head: bigint
  now: Date
}

/**
 * The common per-block write: payments whose block is unchanged and whose status stays what it
 * is, with one more confirmation. One transaction for all of them rather than one each: the
 * links are locked (in id order; lock order link then payment, as everywhere) and their version
 * bumped so event streams send the new counts. Link status cannot change here (it follows
 * confirmed payments, and none becomes confirmed), so no status is recomputed and no webhook
 * is due. Returns the links that changed.
 */
export async function applyConfirmationCounts(
  db: Db,
  { ids, leaseToken, head, now }: ApplyConfirmationCountsParameters,
): Promise<string[]> {
  if (ids.length === 0) return []
  return db.transaction(async (tx) => {
    const linkIds = (
      await tx
        .selectDistinct({ linkId: payments.linkId })
        .from(payments)
        .where(inArray(payments.id, [...ids]))
    ).map((r) => r.linkId)
    await tx
      .select({ id: links.id })
      .from(links)
      .where(inArray(links.id, linkIds))
      .orderBy(asc(links.id))
      .for('no key update')
    const updated = await tx
      .update(payments)
      .set({ confirmations: sql`greatest(${head}::bigint - ${payments.blockNumber} + 1, 0)::integer`, updatedAt: now })
      .where(and(inArray(payments.id, [...ids]), eq(payments.leaseToken, leaseToken)))
      .returning({ linkId: payments.linkId })
    const changed = [...new Set(updated.map((r) => r.linkId))]
    if (changed.length)
      await tx
        .update(links)
        .set({ version: sql`${links.version} + 1` })
        .where(inArray(links.id, changed))
    return changed
  })
}
