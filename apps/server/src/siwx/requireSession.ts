import type { Db } from '../db/openDatabase.js'
import { SiwxError } from './errors.js'
import { readSession, type SignedInSession } from './readSession.js'

/**
 * The signed-in session behind a cookie token, or UNAUTHENTICATED (401). `session.accounts`
 * lists the proven accounts (one per namespace).
 */
export async function requireSession(db: Db, token: string | undefined): Promise<SignedInSession> {
  const session = await readSession(db, token)
  if (!session) throw new SiwxError(401, 'UNAUTHENTICATED', 'Sign in with your wallet first.')
  return session
}
