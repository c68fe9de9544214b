import { eq, sql } from 'drizzle-orm'
import { chainIdentities } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

/** The highest block a tracker scanned on the network (any process, any earlier run), or null. */
export async function readScannedHeight(db: Db, caipNetworkId: string): Promise<bigint | null> {
  const [row] = await db
    .select({ height: chainIdentities.scannedHeight })
    .from(chainIdentities)
    .where(eq(chainIdentities.caipNetworkId, caipNetworkId))
  return row?.height ?? null
}

/** Records that blocks up to `height` were scanned; never moves backwards (two processes may race). */
export async function saveScannedHeight(db: Db, caipNetworkId: string, height: bigint): Promise<void> {
  await db
    .update(chainIdentities)
    .set({ scannedHeight: sql`greatest(coalesce(${chainIdentities.scannedHeight}, 0), ${height})` })
    .where(eq(chainIdentities.caipNetworkId, caipNetworkId))
}

/**
 * Where a tracker that just started scans from: after the last block scanned before (so payments
 * nobody submitted, made while no tracker ran, are still found), at most `catchUpBlocks` below
 * the head; from the head when nothing was scanned or the saved height is not below it.
 */
export function resumeHeight(head: bigint, scanned: bigint | null, catchUpBlocks: number): bigint {
  if (scanned === null || scanned >= head) return head - 1n
  const floor = head - BigInt(catchUpBlocks)
  return scanned > floor ? scanned : floor
}
