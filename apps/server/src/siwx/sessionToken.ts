import { createHash, randomBytes } from 'node:crypto'

/** The cookie's value: 32 random bytes, base64url. Only its hash is stored. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** sessions.id for a cookie token. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The cookie that carries the token. */
export const sessionCookieName = 'paylink_session'
