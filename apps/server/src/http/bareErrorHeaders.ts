/** One year: what helmet sends over https, and what the bare answers send too. */
export const hstsMaxAgeSeconds = 31_536_000

/**
 * Headers for the answers Fastify sends before any hook runs (a URL with broken %-escapes), so
 * helmet never sees them. They are JSON error bodies: nothing may load, frame or sniff them.
 */
export function bareErrorHeaders(publicOrigin: string): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...(publicOrigin.startsWith('https:') ? { 'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` } : {}),
  }
}
