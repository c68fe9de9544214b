import { and, eq, gte, isNotNull, or } from 'drizzle-orm'
import { payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

/**
 * The heights of the blocks holding a network's confirming payments and its confirmed ones
 * still watched at `head`. They all sit in the last (confirmations + watch) blocks, so this
 * list stays short however many payments there are.
 */
export async function readInBlockHeights(db: Db, caipNetworkId: string, head: bigint): Promise<bigint[]> {
  const rows = await db
    .selectDistinct({ blockNumber: payments.blockNumber })
    .from(payments)
    .where(
      and(
        eq(payments.caipNetworkId, caipNetworkId),
        isNotNull(payments.blockNumber),
        or(
          eq(payments.status, 'confirming'),
          and(eq(payments.status, 'confirmed'), gte(payments.watchUntilBlock, head)),
        ),
      ),
    )
  return rows.map((r) => r.blockNumber!)
}
