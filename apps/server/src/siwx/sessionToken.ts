import { randomBytes } from 'node:crypto'
import { hashSecretToken } from '../hashSecretToken.js'

/** The cookie's value: 32 random bytes, base64url. Only its hash is stored. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** sessions.id for a cookie token. */
export function sessionIdOf(token: string): string {
  return hashSecretToken(token)
}

/** The cookie that carries the token. */
export const sessionCookieName = 'paylink_session'
