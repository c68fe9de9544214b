import { eq } from 'drizzle-orm'
import { chainIdentities } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'

export type RecordChainIdentityReturnType = { same: true } | { same: false; recorded: string; recordedAt: Date }

/**
 * Records a network's identity on first use, or compares it with the one recorded before (by
 * this process, an earlier start, or another process on the same database). The primary key
 * settles two processes recording at once: the second compares with the first.
 */
export async function recordChainIdentity(
  db: Db,
  caipNetworkId: string,
  identity: string,
  now = new Date(),
): Promise<RecordChainIdentityReturnType> {
  const inserted = await db
    .insert(chainIdentities)
    .values({ caipNetworkId, identity, recordedAt: now })
    .onConflictDoNothing()
    .returning({ identity: chainIdentities.identity })
  if (inserted.length) return { same: true }
  const [row] = await db.select().from(chainIdentities).where(eq(chainIdentities.caipNetworkId, caipNetworkId))
  if (!row) throw new Error(`the identity of ${caipNetworkId} vanished after a conflicting insert`)
  return row.identity === identity
    ? { same: true }
    : { same: false, recorded: row.identity, recordedAt: row.recordedAt }
}
