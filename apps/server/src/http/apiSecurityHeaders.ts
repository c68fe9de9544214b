/** One year: what helmet sends over https, and what the JSON answers send too. */
export const hstsMaxAgeSeconds = 31_536_000

/**
 * The security headers of every answer under /api (JSON, the event streams, the CSV export) and
 * of the answers Fastify sends before any hook runs (a URL with broken %-escapes). None is a
 * document: nothing may load, frame or sniff them, and the page-only headers helmet adds for
 * documents (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-XSS-Protection, a full CSP) would be 700 bytes of every API answer for nothing (OWASP's REST
 * security cheat sheet lists this set for APIs).
 */
export function apiSecurityHeaders(publicOrigin: string): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(publicOrigin.startsWith('https:')
      ? { 'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` }
      : {}),
  }
}
