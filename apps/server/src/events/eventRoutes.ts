import { eventFeedQuerySchema, eventFeedSchema } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import { listEvents } from './listEvents.js'

export interface EventRoutesOptions {
  db: Db
}

/** The merchant's events feed. Needs `app.requireMerchant` (merchants/). */
export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, { db }) => {
  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/events',
      operationId: 'listEvents',
      summary: "Every webhook event of the merchant's links, oldest first, from a cursor",
      description:
        'Signed-in merchant or API key. Each event is the exact body a webhook delivery carries (also for links without a webhook URL), so a backend that missed deliveries catches up: read with `after=<nextCursor>` until `hasMore` is false, and again later for newer events. `limit` 1-500 (default 100). `type` keeps one type (`order.paid`: every paid order of every reusable link); `linkId` keeps the events of that link and, for a reusable link, of its orders (each of which carries `data.order.linkId`). A cursor read with filters is read on with the same filters.',
      tags: ['events'],
      querystring: eventFeedQuerySchema,
      responses: {
        200: { description: 'A page of events', schema: eventFeedSchema },
        400: errorResponse(
          'A bad limit or a cursor this API did not return (INVALID_REQUEST naming query.after or query.limit)',
        ),
      },
    },
    async ({ query, reply, merchant }) => {
      const page = await listEvents(db, { merchant, ...query })
      // The stored bodies are already JSON: joined, not parsed and serialized again.
      reply.type('application/json; charset=utf-8')
      return `{"events":[${page.bodies.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)},"hasMore":${page.hasMore}}`
    },
  )
}
