import { createReadStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { checkoutShellMarker, renderCheckoutShell, type CheckoutBoot } from './checkoutShell.js'
import { inlineStylesheets } from './inlineStylesheets.js'

export interface WebAppOptions {
  /** The Vite build output (apps/web/dist). */
  webDist: string
  /** The data of a checkout page (`/pay/:id`), or null for an unknown link. */
  loadCheckout?: (linkId: string) => Promise<CheckoutBoot | null>
}

export interface WebApp {
  /** Serves the files of `webDist`. */
  plugin: FastifyPluginAsync
  /** For the not-found handler: answers client-side routes with index.html. */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean
}

/** Paths the web app never owns: the API and the demo chain proxy answer for themselves. */
const serverPaths = /^\/(api|devnet)(\/|$)/
const fileLike = /\/[^/]*\.[A-Za-z0-9]{1,8}$/

export const notBuiltMessage = 'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first), then reload.\n'

/**
 * The built web app at `/`. Hashed files under /assets are cached for a year; index.html
 * never, so a new build is picked up on reload. Any GET for a page (not /api, not a file,
 * accepting HTML) gets index.html so the client-side router can take over.
 */
export function webAppRoutes({ webDist, loadCheckout }: WebAppOptions): WebApp {
  const indexHtml = join(webDist, 'index.html')

  const plugin: FastifyPluginAsync = async (app) => {
    if (!existsSync(webDist)) return
    if (loadCheckout) {
      app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
        // Read per request (a few KiB, without blocking the event loop), so a rebuild is served without a restart.
        const template = await readFile(indexHtml, 'utf8').catch(() => null)
        if (template === null) return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(notBuiltMessage)
        // The checkout's first screen comes with the HTML (checkoutShell.ts) when the build has the
        // marker; a build without it (the bench's baseline) is served as it is.
        const wanted = template.includes(checkoutShellMarker) && /^[a-z]{2,4}_[A-Za-z0-9_-]{1,40}$/.test(request.params.id)
        const boot = wanted ? await loadCheckout(request.params.id) : null
        // The link's state changes: never cache this page. An unknown link gets the plain app, which says so.
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
        return boot ? inlineStylesheets(renderCheckoutShell(template, boot), webDist) : template
      })
    }
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = path.startsWith(join(webDist, 'assets'))
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
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
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(createReadStream(indexHtml))
    return true
  }

  return { plugin, fallback }
}
