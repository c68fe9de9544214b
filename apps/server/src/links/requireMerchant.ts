import type { FastifyRequest } from 'fastify'
import { getAddress } from 'viem'
import { findMerchantByApiKey } from '../apiKeys/apiKeyStore.js'
import type { Db } from '../db/openDatabase.js'
import { HttpError } from '../errors.js'
import { readSession } from '../siwx/readSession.js'
import { sessionCookieName } from '../siwx/requireSession.js'

/** Who owns links and API keys: one account, chain-independent (`eip155:0xAbC…`). */
export interface Merchant {
  id: string
  namespace: string
  address: string
}

export function merchantOf(account: { namespace: string; address: string }): Merchant {
  const address = account.namespace === 'eip155' ? getAddress(account.address) : account.address
  return { id: `${account.namespace}:${address}`, namespace: account.namespace, address }
}

export interface RequireMerchantOptions {
  /** Accept `Authorization: Bearer <api key>` (default true; key management takes a session only). */
  allowApiKey?: boolean
  /**
   * Merchant ids allowed on this instance (MERCHANTS); null or omitted: any signed-in account.
   * Checked on every request, so a key of an account taken off the list stops working at once.
   */
  allowed?: ReadonlySet<string> | null
}

/**
 * The merchant behind a request: an API key in `Authorization: Bearer`, else the sign-in
 * session cookie (its EVM account when it has one). A present but wrong key is refused
 * rather than falling back to the cookie, so a script never acts as whoever is signed in.
 */
export async function requireMerchant(request: FastifyRequest, db: Db, { allowApiKey = true, allowed = null }: RequireMerchantOptions = {}): Promise<Merchant> {
  const merchant = await identifyMerchant(request, db, allowApiKey)
  if (allowed && !allowed.has(merchant.id)) {
    throw new HttpError(403, 'NOT_A_MERCHANT', `${merchant.id} is not a merchant of this Paylink instance (the operator lists them in MERCHANTS).`)
  }
  return merchant
}

async function identifyMerchant(request: FastifyRequest, db: Db, allowApiKey: boolean): Promise<Merchant> {
  const authorization = request.headers.authorization
  if (authorization !== undefined) {
    if (!allowApiKey) throw new HttpError(403, 'SESSION_REQUIRED', 'API keys are managed from a signed-in session, not with an API key.')
    const token = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization.trim())?.[1]
    const merchant = token ? await findMerchantByApiKey(db, token) : null
    if (!merchant) throw new HttpError(401, 'INVALID_API_KEY', 'The API key in the Authorization header is unknown or revoked.')
    return merchant
  }
  const session = await readSession(db, request.cookies?.[sessionCookieName])
  if (!session) {
    throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in with your wallet, or send Authorization: Bearer <api key>.')
  }
  const account = session.accounts.find((a) => a.namespace === 'eip155') ?? session.accounts[0]!
  return merchantOf(account)
}
