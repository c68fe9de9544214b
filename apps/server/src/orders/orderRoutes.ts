import {
  createOrderBodySchema,
  linkIdParamsSchema,
  linkSchema,
  orderListSchema,
  type CreateOrderBody,
  type Link,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import type { RateLimit } from '../http/routeRegistry.js'
import { merchantOfLink } from './createOrder.js'
import { listOrders } from './listOrders.js'

export interface OrderRoutesOptions {
  db: Db
  /** Makes an order of a reusable link (createOrder with the app's assets, networks and quote window). */
  createOrder(linkId: string, body: CreateOrderBody): Promise<Link>
  /** Per IP: anyone can make orders. */
  createOrderRateLimit: RateLimit
}

/** Orders of reusable links: made by payers at the checkout, listed for the merchant. Needs `app.requireMerchant`. */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const { db } = options
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/orders',
      operationId: 'createOrder',
      summary: 'Start buying from a reusable link: a new order (a link of its own) to pay',
      description:
        "Public (the payer). The order has the link's options with the amounts (or fiat price) times `quantity`, its own receiving details per option (EVM deposit address, Solana Pay reference, Bitcoin address), its own quote, status, payments and receipt, and expires unpaid after the quote window. `payer` carries only the fields the link asks for (`reusable.fields`). Pay it like any link: GET /api/links/<order id>, /pay/<order id>. Its merchant gets `order.paid` (with `data.order`: the order id, the link id, the quantity and the payer's answers). An `Idempotency-Key` makes a retry answer the same order; keys are per merchant of the link (not per payer), so make each one unguessable (a UUID per order attempt).",
      tags: ['links'],
      params: linkIdParamsSchema,
      body: createOrderBodySchema,
      rateLimit: options.createOrderRateLimit,
      // A shop's server retrying an order it started for its customer: the key is the link's merchant's.
      idempotent: { merchantOf: ({ id }) => merchantOfLink(db, id) },
      responses: {
        201: { description: 'The order, as GET /api/links/:id shows it', schema: linkSchema },
        400: errorResponse(
          'A field is wrong: quantity out of range, a bad e-mail, a field missing or not asked for (INVALID_REQUEST)',
        ),
        404: errorResponse('No such reusable link (LINK_NOT_FOUND)'),
        409: errorResponse('The link is sold out (SOLD_OUT), deactivated (LINK_INACTIVE) or expired (LINK_EXPIRED)'),
        429: errorResponse('Too many orders from this address (RATE_LIMITED; see Retry-After)'),
      },
    },
    async ({ params, body, reply }) => {
      const order = await options.createOrder(params.id, body)
      reply.header('cache-control', 'no-store')
      return reply.code(201).send(order)
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id/orders',
      operationId: 'listOrders',
      summary: "A reusable link's orders with the payers' answers, and their totals (merchant)",
      tags: ['links'],
      params: linkIdParamsSchema,
      responses: {
        200: { description: 'Newest first (up to 500)', schema: orderListSchema },
        404: errorResponse('No such reusable link of yours (LINK_NOT_FOUND)'),
      },
    },
    async ({ params, merchant }) => listOrders(db, merchant, params.id),
  )
}
