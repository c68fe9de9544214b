import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { embedOriginsAnswerSchema, linkIdParamsSchema, putEmbedOriginsBodySchema } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { LinkNotFoundError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse, merchantOnlyResponses } from '../http/merchantResponses.js'
import { readEmbedOrigins, readLinkEmbedOrigins, saveEmbedOrigins } from './embedOriginsService.js'

export interface EmbedRoutesOptions {
  db: Db
  /** The web build, where `embed.js` is (apps/web/vite.config.ts builds it). */
  webDist: string
}

/**
 * The embedded checkout: the merchant's list of shop origins allowed to frame it, the public
 * read of that list the checkout checks its parent against, and `/embed.js` itself.
 */
export const embedRoutes: FastifyPluginAsync<EmbedRoutesOptions> = async (app, { db, webDist }) => {
  const tags = ['embedded checkout']

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/merchant/embed-origins',
      operationId: 'getEmbedOrigins',
      summary: 'The shop origins allowed to embed your checkouts with /embed.js (empty before the first save)',
      tags,
      responses: { 200: { description: 'The list', schema: embedOriginsAnswerSchema }, ...merchantOnlyResponses },
    },
    async ({ request }) => ({ origins: await readEmbedOrigins(db, (await app.requireMerchant(request)).id) }),
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/merchant/embed-origins',
      operationId: 'putEmbedOrigins',
      summary:
        'Replace the shop origins allowed to embed your checkouts: https origins (http only on localhost or 127.0.0.1), no path; at most 20; empty: none',
      tags,
      body: putEmbedOriginsBodySchema,
      rateLimit: { max: 30, timeWindow: 60_000 },
      responses: {
        200: { description: 'The saved list, normalised', schema: embedOriginsAnswerSchema },
        400: errorResponse('An entry is not an origin, naming it (INVALID_REQUEST)'),
        ...merchantOnlyResponses,
      },
    },
    async ({ body, request }) => ({
      origins: await saveEmbedOrigins(db, (await app.requireMerchant(request)).id, body.origins),
    }),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id/embed-origins',
      operationId: 'getLinkEmbedOrigins',
      summary:
        "The origins allowed to frame this link's checkout (its merchant's list): the embedded checkout reports only to a parent on it",
      tags,
      params: linkIdParamsSchema,
      responses: {
        200: { description: 'The list', schema: embedOriginsAnswerSchema },
        404: errorResponse('No such link (LINK_NOT_FOUND)'),
      },
    },
    async ({ params, reply }) => {
      const origins = await readLinkEmbedOrigins(db, params.id)
      if (origins === null) throw new LinkNotFoundError(params.id)
      reply.header('cache-control', 'no-store')
      return { origins }
    },
  )

  const embedJs = join(webDist, 'embed.js')
  app.get('/embed.js', async (_request, reply) => {
    const code = await readFile(embedJs).catch(() => null)
    if (code === null)
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('embed.js has not been built yet. Run `npm run build`.\n')
    // Loaded by <script src> from shops on other origins: the document set's CORP same-origin would block it.
    reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin')
    // One stable URL for every shop: a short cache, so a new build reaches them within minutes.
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(code)
  })
}
