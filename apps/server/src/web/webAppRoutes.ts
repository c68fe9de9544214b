import { createReadStream, existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Link } from '@paylink/shared'
import {
  assembleCheckoutPage,
  splitCheckoutTemplate,
  type CheckoutParts,
  type CheckoutTemplate,
} from './checkoutShell.js'
import { readCatalogues, requestLanguage, wordsOf, type ShellWords } from './checkoutWords.js'
import { allowFrameAncestors } from '../embed/embedFrameHeaders.js'
import { inlineStylesheets } from './inlineStylesheets.js'

export interface WebAppOptions {
  /** The Vite build output (apps/web/dist). */
  webDist: string
  /** The link of a checkout page (`/pay/:id`) as it stands, or null for an unknown link. */
  loadCheckout?: (linkId: string) => Promise<CheckoutSource | null>
  /** The shop origins the link's merchant lets frame `/pay/:id?embed=1` (null: no such link). */
  embedOriginsOf?: (linkId: string) => Promise<readonly string[] | null>
}

/** One version of a link for its checkout page. */
export interface CheckoutSource {
  link: Link
  /** The link's parts of the page in the payer's language (renderCheckoutParts), made once per version and language. */
  parts(words: ShellWords): CheckoutParts
}

interface HeldTemplate {
  /** mtime and size of index.html when read. */
  key: string
  raw: string
  /** Stylesheets inlined, cut at the marker; null without the marker or without the build's catalogues. */
  checkout: CheckoutTemplate | null
  /** The build's words of the first HTML, per payer language. */
  words: (language: ShellWords['language']) => ShellWords
}

export interface WebApp {
  /** Serves the files of `webDist`. */
  plugin: FastifyPluginAsync
  /** For the not-found handler: answers client-side routes with index.html. */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean
}

/** Paths the web app never owns: the API and the demo chain proxy answer for themselves. */
const serverPaths = /^\/(api|devnet)(\/|$)/
const linkIdPattern = /^[a-z]{2,4}_[A-Za-z0-9_-]{1,40}$/
const fileLike = /\/[^/]*\.[A-Za-z0-9]{1,8}$/

/** How long a read index.html is served before the file is looked at again. */
export const templateCheckMs = 1000

export const notBuiltMessage =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first), then reload.\n'

/**
 * The built web app at `/`. Hashed files under /assets are cached for a year; index.html
 * never, so a new build is picked up on reload. Any GET for a page (not /api, not a file,
 * accepting HTML) gets index.html so the client-side router can take over.
 */
export function webAppRoutes({ webDist, loadCheckout, embedOriginsOf }: WebAppOptions): WebApp {
  const indexHtml = join(webDist, 'index.html')
  let held: HeldTemplate | null = null
  let checkedAt = 0
  // Read again only when the file changed, so a rebuild is served without a restart. The file is
  // looked at once a second at most, not on every request (a stat was 8 % of the server's time
  // under issue #19's pay page load).
  const readTemplate = async (): Promise<HeldTemplate | null> => {
    const now = Date.now()
    if (held && now - checkedAt < templateCheckMs) return held
    checkedAt = now
    const info = await stat(indexHtml).catch(() => null)
    if (!info) return null
    const key = `${info.mtimeMs}:${info.size}`
    if (held?.key === key) return held
    const raw = await readFile(indexHtml, 'utf8').catch(() => null)
    if (raw === null) return null
    // The first HTML speaks the payer's language with the build's own catalogues; a build without
    // them (the bench's baseline) gets no first HTML, as one without the marker.
    const catalogues = readCatalogues(webDist)
    held = {
      key,
      raw,
      checkout: catalogues && splitCheckoutTemplate(inlineStylesheets(raw, webDist)),
      words: wordsOf(catalogues ?? {}),
    }
    return held
  }

  const plugin: FastifyPluginAsync = async (app) => {
    if (!existsSync(webDist)) return
    if (loadCheckout) {
      app.get<{ Params: { id: string }; Querystring: { embed?: unknown; lang?: unknown } }>(
        '/pay/:id',
        async (request, reply) => {
          const template = await readTemplate()
          if (template === null)
            return reply
              .code(503)
              .type('text/plain; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(notBuiltMessage)
          // The checkout's first screen comes with the HTML (checkoutShell.ts) when the build has the
          // marker; a build without it (the bench's baseline) is served as it is.
          const wanted = template.checkout !== null && linkIdPattern.test(request.params.id)
          const source = wanted ? await loadCheckout(request.params.id) : null
          // The link's state changes: never cache this page. An unknown link gets the plain app, which says so.
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('vary', 'Accept-Language, Cookie')
          if (embedOriginsOf && request.query.embed === '1' && linkIdPattern.test(request.params.id))
            allowFrameAncestors(reply.raw, (await embedOriginsOf(request.params.id)) ?? [])
          // Per request only the countdown's text is made; the rest is the link's parts, made once per version.
          if (!source || !template.checkout) return template.raw
          const words = template.words(requestLanguage(request))
          return assembleCheckoutPage(template.checkout, source.parts(words), source.link, new Date(), words)
        },
      )
    }
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes a .br and a .gz beside every text file (vite.config.ts): sent as the client
      // asks, with Vary: Accept-Encoding; a file without them (an image) goes as it is.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = path.startsWith(join(webDist, 'assets'))
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        // Which of the file's encodings is sent depends on Accept-Encoding: caches must key on it.
        res.setHeader('vary', 'Accept-Encoding')
      },
    })
  }

  function fallback(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    const path = request.url.split('?')[0]!
    if (serverPaths.test(path)) return false
    const wantsPage = path === '/' || (!fileLike.test(path) && (request.headers.accept ?? '').includes('text/html'))
    if (!wantsPage) return false
    if (!existsSync(indexHtml)) {
      reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(notBuiltMessage)
      return true
    }
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(createReadStream(indexHtml))
    return true
  }

  return { plugin, fallback }
}
