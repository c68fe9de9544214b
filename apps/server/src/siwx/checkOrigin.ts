import { SiwxError } from './errors.js'

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** What the origin check needs of a request (app.ts reads it off Fastify's request). */
export interface WriteRequest {
  method: string
  url: string
  /** The Origin header, if any. */
  origin: string | undefined
  /** The request carries our session cookie. */
  hasSessionCookie: boolean
}

/**
 * For cookie-authenticated writes under /api: the browser's Origin header must be one of our
 * public origins (SameSite=Lax already keeps the cookie off cross-site POSTs; this also covers
 * same-site attackers and old browsers). A write carrying our cookie without an Origin is refused;
 * a foreign Origin is refused even without a cookie (no login CSRF). A write without cookie and
 * without Origin (server to server) passes. `publicOrigin`: the allowed origins, the canonical one
 * first (it is the one the refusal names).
 */
export function checkOrigin(publicOrigin: string | readonly string[]): (request: WriteRequest) => void {
  const allowed = typeof publicOrigin === 'string' ? [publicOrigin] : publicOrigin
  const canonical = allowed[0]
  return (request) => {
    if (!writes.has(request.method) || !request.url.startsWith('/api/')) return
    const { origin } = request
    if (origin === undefined ? request.hasSessionCookie : !allowed.includes(origin)) {
      throw new SiwxError(403, 'BAD_ORIGIN', `Writes with a session must come from ${canonical} (Origin header).`)
    }
  }
}
