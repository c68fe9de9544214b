import { chainCores } from '@paylink/chains/core'
import type { Db } from '../db/openDatabase.js'
import { ForbiddenError, UnauthenticatedError } from '../errors.js'
import { readSession } from '../siwx/readSession.js'
import { findMerchantByApiKey } from './apiKeyStore.js'
import { merchantOf, type Merchant } from './merchant.js'

export interface IdentifyMerchantParameters {
  /** The request's `Authorization` header, if any. */
  authorization: string | undefined
  /** The sign-in session cookie's value, if any. */
  sessionToken: string | undefined
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
 * session (its EVM account when it has one). A present but wrong key is refused rather than
 * falling back to the cookie, so a script never acts as whoever is signed in.
 */
export async function identifyMerchant(
  db: Db,
  { authorization, sessionToken, allowApiKey = true, allowed = null }: IdentifyMerchantParameters,
): Promise<Merchant> {
  const merchant = await identify(db, authorization, sessionToken, allowApiKey)
  if (allowed && !allowed.has(merchant.id)) {
    throw new ForbiddenError(
      'NOT_A_MERCHANT',
      `${merchant.id} is not a merchant of this Paylink instance (the operator lists them in MERCHANTS).`,
    )
  }
  return merchant
}

async function identify(
  db: Db,
  authorization: string | undefined,
  sessionToken: string | undefined,
  allowApiKey: boolean,
): Promise<Merchant> {
  if (authorization !== undefined) {
    if (!allowApiKey)
      throw new ForbiddenError(
        'SESSION_REQUIRED',
        'API keys are managed from a signed-in session, not with an API key.',
      )
    const token = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization.trim())?.[1]
    const merchant = token ? await findMerchantByApiKey(db, token) : null
    if (!merchant)
      throw new UnauthenticatedError(
        'INVALID_API_KEY',
        'The API key in the Authorization header is unknown or revoked.',
      )
    return merchant
  }
  const session = await readSession(db, sessionToken)
  if (!session) {
    throw new UnauthenticatedError(
      'UNAUTHENTICATED',
      'Sign in with your wallet, or send Authorization: Bearer <api key>.',
    )
  }
  // Merchant ids were EVM accounts first: a session that holds one stays that merchant.
  const account = session.accounts.find((a) => a.namespace === chainCores.eip155.namespace) ?? session.accounts[0]!
  return merchantOf(account)
}
