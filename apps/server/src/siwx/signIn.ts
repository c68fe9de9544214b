import type { SiwxSession } from '@paylink/shared'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { sessionAccounts, sessions, siwxNonces } from '../db/schema.js'
import { ChainReadError, UnavailableError } from '../errors.js'
import { checkNonce } from './checkNonce.js'
import { checkSiwxMessage } from './checkSiwxMessage.js'
import { SiwxError } from './errors.js'
import { parseSiwxMessage, type SiwxMessageFields } from './parseSiwxMessage.js'
import { sessionAccountColumns } from './readSession.js'
import { createSessionToken, sessionIdOf } from './sessionToken.js'
import { verifySiwxSignature } from './verifySiwxSignature.js'

export interface SignInParameters {
  db: Db
  /** The request body: AppKit's SIWXSession. Only `message` and `signature` are trusted, after checks. */
  session: SiwxSession
  /** The caller's current session cookie, if any: its other-namespace accounts carry over. */
  currentToken?: string | null | undefined
  /** The origin the app is served at, or all of them (canonical first). */
  publicOrigin: string | readonly string[]
  statement: string
  sessionTtlSeconds: number
  /** CAIP-2 id -> JSON-RPC URL for every configured network. */
  rpcUrls: ReadonlyMap<string, string>
  now?: Date
}

export interface SignInReturnType {
  /** The new cookie value (always new: sign-in rotates the session). */
  token: string
  sessionId: string
  expiresAt: Date
  accounts: Array<{ caipNetworkId: string; address: string; namespace: string }>
}

/**
 * Verifies a signed sign-in message and opens a session for it.
 *
 * Order: parse the text; client data agrees; domain, uri, statement, network, times; the nonce
 * is ours, live and unused (read only); the signature. Then one transaction consumes the nonce
 * (UPDATE ... WHERE used_at IS NULL AND expires_at > now() RETURNING: of two concurrent
 * sign-ins with one nonce, one wins), revokes the caller's old session and writes a new one
 * holding the new account plus the old session's accounts of other namespaces.
 *
 * A refusal stores nothing and does not burn the nonce: only a verified signature can consume
 * it, so a stranger who sees a nonce cannot spend it, and a fixed retry can reuse it while live.
 */
export async function signIn(parameters: SignInParameters): Promise<SignInReturnType> {
  const { db, session, publicOrigin, statement, sessionTtlSeconds, rpcUrls, now = new Date() } = parameters
  const parsed = parseSiwxMessage(session.message)
  const { fields, times } = parsed
  checkSiwxMessage({ ...parsed, data: session.data, publicOrigin, statement, caipNetworkIds: [...rpcUrls.keys()], now })
  await checkNonce(db, fields.nonce)

  let valid: boolean
  try {
    valid = await verifySiwxSignature({
      fields,
      message: session.message,
      signature: session.signature,
      rpcUrl: rpcUrls.get(fields.chainId)!,
      time: now,
    })
  } catch (error) {
    if (error instanceof ChainReadError) {
      throw new UnavailableError('CHAIN_UNAVAILABLE', `${fields.chainId} did not answer; try again shortly.`, {
        cause: error,
      })
    }
    throw error
  }
  if (!valid)
    throw new SiwxError(401, 'INVALID_SIGNATURE', `The signature is not ${fields.address}'s signature of this message.`)

  const ttlEnd = now.getTime() + sessionTtlSeconds * 1000
  const accountExpiresAt = new Date(Math.min(ttlEnd, times.expirationTime?.getTime() ?? Number.POSITIVE_INFINITY))
  const token = createSessionToken()
  const sessionId = sessionIdOf(token)

  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(siwxNonces)
      .set({ usedAt: sql`now()` })
      .where(and(eq(siwxNonces.nonce, fields.nonce), isNull(siwxNonces.usedAt), gt(siwxNonces.expiresAt, sql`now()`)))
      .returning({ nonce: siwxNonces.nonce })
    if (consumed.length === 0)
      throw new SiwxError(401, 'NONCE_USED', 'The nonce has been used already; ask for a new one.')

    const carried = parameters.currentToken
      ? await takeOverSession(tx, sessionIdOf(parameters.currentToken), fields.namespace)
      : []
    const expiresAt = new Date(Math.max(accountExpiresAt.getTime(), ...carried.map((a) => a.expiresAt.getTime())))
    await tx.insert(sessions).values({ id: sessionId, expiresAt })
    await tx.insert(sessionAccounts).values([
      ...carried.map((a) => ({ ...a, sessionId })),
      {
        sessionId,
        namespace: fields.namespace,
        caipNetworkId: fields.chainId,
        address: fields.address,
        message: session.message,
        signature: session.signature,
        data: toSessionData(fields),
        expiresAt: accountExpiresAt,
      },
    ])
    const accounts = [
      ...carried,
      { namespace: fields.namespace, caipNetworkId: fields.chainId, address: fields.address },
    ]
      .map(({ caipNetworkId, address, namespace }) => ({ caipNetworkId, address, namespace }))
      .sort((a, b) => a.namespace.localeCompare(b.namespace))
    return { token, sessionId, expiresAt, accounts }
  })
}

/** Revokes the caller's live session and returns its live accounts of other namespaces. */
async function takeOverSession(db: Db, oldId: string, namespace: string) {
  const [old] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, oldId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id })
  if (!old) return []
  return db
    .select(sessionAccountColumns)
    .from(sessionAccounts)
    .where(
      and(
        eq(sessionAccounts.sessionId, old.id),
        ne(sessionAccounts.namespace, namespace),
        gt(sessionAccounts.expiresAt, sql`now()`),
      ),
    )
}

/** AppKit's SIWXMessage.Data, from the verified text (never from the client's claim). */
function toSessionData(fields: SiwxMessageFields): Record<string, unknown> {
  const { namespace: _namespace, scheme: _scheme, address, ...rest } = fields
  return { accountAddress: address, ...rest }
}
