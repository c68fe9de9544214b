import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { sessionAccounts } from '../db/schema.js'
import { sameAccount, type SignedInSession } from './readSession.js'
import { revokeSession } from './revokeSession.js'

export interface RemoveSessionAccountReturnType {
  removed: boolean
  /** The session had no live account left and is revoked. */
  revoked: boolean
}

/** AppKit's revokeSession(chainId, address): drops that account; an empty session is revoked. */
export async function removeSessionAccount(
  db: Db,
  session: SignedInSession,
  chainId: string,
  address: string,
): Promise<RemoveSessionAccountReturnType> {
  const account = session.accounts.find((a) => sameAccount(a, chainId, address))
  if (!account) return { removed: false, revoked: false }
  await db
    .delete(sessionAccounts)
    .where(and(eq(sessionAccounts.sessionId, session.id), eq(sessionAccounts.namespace, account.namespace)))
  const left = session.accounts.filter((a) => a !== account)
  if (left.length === 0) await revokeSession(db, session.id)
  return { removed: true, revoked: left.length === 0 }
}
