import type { FastifyRequest } from 'fastify'
import { SiwxError } from './errors.js'
import { sessionCookieName } from './sessionToken.js'

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * onRequest hook for cookie-authenticated writes under /api: the browser's Origin header must
 * be one of our public origins (SameSite=Lax already keeps the cookie off cross-site POSTs; this
 * also covers same-site attackers and old browsers). A write carrying our cookie without an Origin
 * is refused; a foreign Origin is refused even without a cookie (no login CSRF). A write
 * without cookie and without Origin (server to server) passes. `publicOrigin`: the allowed
 * origins, the canonical one first (it is the one the refusal names).
 */
export function checkOrigin(publicOrigin: string | readonly string[]) {
  const allowed = typeof publicOrigin === 'string' ? [publicOrigin] : publicOrigin
  const canonical = allowed[0]
  return async (request: FastifyRequest): Promise<void> => {
    if (!writes.has(request.method) || !request.url.startsWith('/api/')) return
    const origin = request.headers.origin
    const hasCookie = Boolean(request.cookies?.[sessionCookieName])
    if (origin === undefined ? hasCookie : !allowed.includes(origin)) {
      throw new SiwxError(403, 'BAD_ORIGIN', `Writes with a session must come from ${canonical} (Origin header).`)
    }
  }
}
