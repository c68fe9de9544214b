import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { SiwxError } from './errors.js'
import { readSession, type SignedInSession } from './readSession.js'

export const sessionCookieName = 'paylink_session'

/**
 * The signed-in session behind a request's cookie, or a 401 UNAUTHENTICATED. For routes that
 * need a merchant: `const session = await requireSession(request, db)`; `session.accounts`
 * lists the proven accounts (one per namespace).
 */
export async function requireSession(request: FastifyRequest, db: Db): Promise<SignedInSession> {
  const session = await readSession(db, request.cookies[sessionCookieName])
  if (!session) throw new SiwxError(401, 'UNAUTHENTICATED', 'Sign in with your wallet first.')
  return session
}
