import { and, eq, inArray, max } from 'drizzle-orm'
import { payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

/**
 * The highest block a network's detected payments (confirming or confirmed) were recorded in,
 * or null: a chain whose head later falls far below it lost history it had (a reset chain),
 * which the tracker refuses to read as a reorg.
 */
export async function readRecordedHeight(db: Db, caipNetworkId: string): Promise<bigint | null> {
  const [row] = await db
    .select({ height: max(payments.blockNumber) })
    .from(payments)
    .where(and(eq(payments.caipNetworkId, caipNetworkId), inArray(payments.status, ['confirming', 'confirmed'])))
  return row?.height ?? null
}
