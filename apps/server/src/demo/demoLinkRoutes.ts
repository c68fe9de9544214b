import { apiErrorSchema, demoLinkSchema, type Asset, type Network } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineRoute } from '../http/defineRoute.js'
import type { RateLimit } from '../http/routeRegistry.js'
import { createDemoLink } from './createDemoLink.js'

export interface DemoLinkRoutesOptions {
  db: Db
  assets: readonly Asset[]
  networks: readonly Network[]
  maxOpenLinks: number
  /** Per IP. */
  rateLimit: RateLimit
}

/** Demo only (registered with the devnet): the landing page's "Try paying a demo link". */
export const demoLinkRoutes: FastifyPluginAsync<DemoLinkRoutesOptions> = async (
  app,
  { db, assets, networks, maxOpenLinks, rateLimit },
) => {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/devnet/demo-link',
      operationId: 'createDemoLink',
      summary:
        'A fresh 12 Test USD link of the demo shop, expiring in an hour, for a visitor to pay with the Dev Wallet (devnet only; no sign-in)',
      tags: ['devnet'],
      rateLimit,
      responses: {
        201: { description: 'The new link and where its checkout is', schema: demoLinkSchema },
        404: { description: 'The demo has no EVM asset (NOT_FOUND)', schema: apiErrorSchema },
        409: { description: 'The demo shop has too many open links (TOO_MANY_OPEN_LINKS)', schema: apiErrorSchema },
        429: { description: 'Too many demo links from this address (RATE_LIMITED)', schema: apiErrorSchema },
      },
    },
    async ({ reply }) => {
      const link = await createDemoLink(db, { assets, networks, maxOpenLinks })
      reply.header('cache-control', 'no-store')
      return reply.code(201).send({ id: link.id, payPath: `/pay/${link.id}` })
    },
  )
}
