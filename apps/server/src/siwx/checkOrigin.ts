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
 * For every write, under /api and anywhere else (the demo's /devnet/* creates links, funds
 * addresses and mines blocks without a cookie): the browser's Origin header must be one of our
 * public origins. A "simple" cross-origin POST (text/plain, no preflight) reaches a route as well
 * as a same-origin one, so the Origin is what tells another site's page apart. SameSite=Lax
 * already keeps the cookie off cross-site POSTs; this also covers same-site attackers and old
 * browsers. A write to /api carrying our cookie without an Origin is refused (there the cookie is
 * what authorizes it); a foreign Origin is refused everywhere, even without a cookie (no login CSRF,
 * no demo links made from another site). A write without Origin passes where the cookie authorizes
 * nothing (the demo's /devnet tools, asked by a script of a signed-in tester) and, without cookie,
 * everywhere (server to server, curl). `publicOrigin`: the allowed origins,
 * the canonical one first (it is the one the refusal names).
 */
export function checkOrigin(publicOrigin: string | readonly string[]): (request: WriteRequest) => void {
  const allowed = typeof publicOrigin === 'string' ? [publicOrigin] : publicOrigin
  const canonical = allowed[0]
  return (request) => {
    if (!writes.has(request.method)) return
    const { origin } = request
    const api = request.url.startsWith('/api/')
    if (origin === undefined ? api && request.hasSessionCookie : !allowed.includes(origin)) {
      const who = api ? 'Writes with a session' : 'Writes from a web page'
      throw new SiwxError(403, 'BAD_ORIGIN', `${who} must come from ${canonical} (Origin header).`)
    }
  }
}
