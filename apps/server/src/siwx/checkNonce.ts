import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { siwxNonces } from '../db/schema.js'
import { SiwxError } from './errors.js'

/**
 * Reads a nonce without consuming it, so a sign-in fails fast (before any RPC call) on a nonce
 * we never issued, one that expired or one already used. signIn consumes it atomically later.
 */
export async function checkNonce(db: Db, nonce: string): Promise<void> {
  const [row] = await db
    .select({ usedAt: siwxNonces.usedAt, live: sql<boolean>`${siwxNonces.expiresAt} > now()` })
    .from(siwxNonces)
    .where(eq(siwxNonces.nonce, nonce))
  if (!row) throw new SiwxError(401, 'NONCE_UNKNOWN', 'The nonce was not issued by this server; ask for a new one.')
  if (row.usedAt) throw new SiwxError(401, 'NONCE_USED', 'The nonce has been used already; ask for a new one.')
  if (!row.live) throw new SiwxError(401, 'NONCE_EXPIRED', 'The nonce has expired; ask for a new one.')
}
