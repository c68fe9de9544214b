import type { ServerResponse } from 'node:http'

/**
 * Lets the listed shop origins frame this one answer: the document CSP's `frame-ancestors 'none'`
 * becomes the list, and X-Frame-Options goes (a browser that knows frame-ancestors ignores it,
 * but one that does not would still refuse every frame, and DENY cannot name origins). With no
 * origins the answer keeps DENY. Called by the embedded checkout's route after the hooks set the
 * document headers (app.ts).
 */
export function allowFrameAncestors(raw: ServerResponse, origins: readonly string[]): void {
  if (origins.length === 0) return
  const csp = raw.getHeader('content-security-policy')
  if (typeof csp !== 'string' || !csp.includes("frame-ancestors 'none'")) return
  raw.setHeader(
    'content-security-policy',
    csp.replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(' ')}`),
  )
  raw.removeHeader('x-frame-options')
}
