import { sameAddress } from '@paylink/chains/core'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { sessionAccounts, sessions } from '../db/schema.js'
import { sessionIdOf } from './sessionToken.js'

/** What a session's account row yields, here and when a sign-in carries accounts over. */
export const sessionAccountColumns = {
  namespace: sessionAccounts.namespace,
  caipNetworkId: sessionAccounts.caipNetworkId,
  address: sessionAccounts.address,
  message: sessionAccounts.message,
  signature: sessionAccounts.signature,
  data: sessionAccounts.data,
  expiresAt: sessionAccounts.expiresAt,
}

export interface SessionAccount {
  namespace: string
  caipNetworkId: string
  address: string
  message: string
  signature: string
  data: Record<string, unknown>
  expiresAt: Date
}

export interface SignedInSession {
  id: string
  expiresAt: Date
  /** Only accounts whose own expiry has not passed; never empty. */
  accounts: SessionAccount[]
}

/**
 * The live session for a cookie token: not revoked, not expired, with at least one live
 * account. Null for no token, an unknown one, or a dead session.
 */
export async function readSession(db: Db, token: string | undefined | null): Promise<SignedInSession | null> {
  if (!token) return null
  const id = sessionIdOf(token)
  const [session] = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
  if (!session) return null
  const accounts = await db
    .select(sessionAccountColumns)
    .from(sessionAccounts)
    .where(and(eq(sessionAccounts.sessionId, id), gt(sessionAccounts.expiresAt, sql`now()`)))
    .orderBy(sessionAccounts.namespace)
  if (accounts.length === 0) return null
  return { ...session, accounts: accounts.map((a) => ({ ...a, data: a.data as Record<string, unknown> })) }
}

/** AppKit compares addresses per chain; EVM addresses are case-insensitive. */
export function sameAccount(
  account: Pick<SessionAccount, 'caipNetworkId' | 'address' | 'namespace'>,
  chainId: string,
  address: string,
): boolean {
  if (account.caipNetworkId !== chainId) return false
  return sameAddress(account.namespace, account.address, address)
}
