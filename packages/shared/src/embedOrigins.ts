import { z } from 'zod'

/** How many shop origins one merchant may list (a shop, its staging site, a few local ports). */
export const maxEmbedOrigins = 20

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
const originHint = 'must be a shop origin like https://shop.example.com (scheme and host, no path)'

/**
 * The origin `text` names, normalised (`https://Shop.example.com/` → `https://shop.example.com`), or
 * null. An https origin, or http on a loopback host (a shop under development); no path, query,
 * fragment, user or wildcard: `frame-ancestors` and postMessage compare whole origins.
 */
export function parseEmbedOrigin(text: string): string | null {
  if (/[\s*;,'"]/.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) return null
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null
  // "https://shop.example.com/" is the same origin; "https://shop.example.com/#" or "/?" say more than one.
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/?$/i.test(text)) return null
  return url.origin
}

export const embedOriginSchema = z
  .string()
  .max(200, originHint)
  .transform((text, context) => {
    const origin = parseEmbedOrigin(text.trim())
    if (origin === null) {
      context.addIssue({
        code: 'custom',
        message: `${originHint}; http only for localhost or 127.0.0.1`,
      })
      return z.NEVER
    }
    return origin
  })

/** `PUT /api/merchant/embed-origins`: the whole list, replacing the saved one (empty: no shop may embed). */
export const putEmbedOriginsBodySchema = z.strictObject({
  origins: z
    .array(embedOriginSchema)
    .max(maxEmbedOrigins, `lists at most ${maxEmbedOrigins} origins`)
    .transform((origins) => [...new Set(origins)]),
})
export type PutEmbedOriginsBody = z.infer<typeof putEmbedOriginsBodySchema>

/** `GET`/`PUT /api/merchant/embed-origins` and the public `GET /api/links/:id/embed-origins`. */
export const embedOriginsAnswerSchema = z.object({ origins: z.array(z.string().max(200)) })
export type EmbedOriginsAnswer = z.infer<typeof embedOriginsAnswerSchema>
