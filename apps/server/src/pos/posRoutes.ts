import {
  createdPosDeviceSchema,
  createPosDeviceBodySchema,
  createPosSaleBodySchema,
  linkIdParamsSchema,
  linkSchema,
  posDeviceListSchema,
  posDeviceParamsSchema,
  posDeviceSchema,
  posSaleParamsSchema,
  posSessionSchema,
  posTokenHeader,
  type CreateOrderBody,
  type Link,
  type PosDevice,
} from '@paylink/shared'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { LinkNotFoundError, NotFoundError } from '../errors.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import type { Infer, RateLimit, RouteInput, RouteSpec, Schema } from '../http/routeRegistry.js'
import type { LinkViewVersion } from '../links/linkViewCache.js'
import { createPosDevice, deviceOfToken, listPosDevices, revokePosDevice } from './posDevices.js'

export interface PosRoutesOptions {
  db: Db
  /** Makes an order of the point of sale, as a payer's order of any reusable link is made (orders/). */
  createOrder(linkId: string, body: CreateOrderBody): Promise<Link>
  /** The view a payer gets (quoted first): a sale's QR needs its quote. */
  readCheckoutView(linkId: string): Promise<LinkViewVersion | null>
  /** Per IP, like the public orders it makes. */
  createSaleRateLimit: RateLimit
}

const notYours = errorResponse('No such link of yours (LINK_NOT_FOUND)')
const deviceRefusals = {
  401: errorResponse(
    `No device token in ${posTokenHeader} (POS_TOKEN_MISSING), or one not made for this point of sale (INVALID_POS_TOKEN)`,
  ),
  403: errorResponse('The merchant disconnected this device (POS_DEVICE_REVOKED)'),
}

/**
 * Point of sale (`/pos/:id`): the merchant makes, lists and disconnects device links of a
 * point-of-sale link; a shop device with its token (header `x-pos-token`) reads the point of
 * sale, makes sales (orders of that link only) and follows them. Needs `app.requireMerchant`.
 */
export const posRoutes: FastifyPluginAsync<PosRoutesOptions> = async (app, options) => {
  const { db } = options
  const tags = ['point of sale']
  const tokenOf = (request: FastifyRequest) => {
    const value = request.headers[posTokenHeader]
    return typeof value === 'string' ? value : undefined
  }
  const viewOf = async (linkId: string) => {
    const version = await options.readCheckoutView(linkId)
    if (!version) throw new LinkNotFoundError(linkId)
    return version
  }
  /**
   * A shop device's route: the device's token (header `x-pos-token`) is checked against the point
   * of sale `:id` before the handler runs, which gets the device; the answer is never cached.
   */
  const defineDeviceRoute = <P extends Schema<{ id: string }>, B extends Schema | undefined = undefined>(
    spec: RouteSpec<P, undefined, B>,
    handler: (input: RouteInput<Infer<P>, undefined, Infer<B>> & { device: PosDevice }) => unknown,
  ) =>
    defineRoute(app, { ...spec, responses: { ...spec.responses, ...deviceRefusals } }, async (input) => {
      const device = await deviceOfToken(db, input.params.id, tokenOf(input.request))
      input.reply.header('cache-control', 'no-store')
      return handler({ ...input, device })
    })

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/pos-devices',
      operationId: 'createPosDevice',
      summary: 'A device link for a point of sale: open its `path` on the shop device (the token is shown this once)',
      tags,
      params: linkIdParamsSchema,
      body: createPosDeviceBodySchema,
      responses: {
        201: { description: 'The device with its token and device link', schema: createdPosDeviceSchema },
        404: notYours,
        409: errorResponse(
          'The link is not a point of sale (NOT_A_POS), or has the most devices allowed (TOO_MANY_POS_DEVICES)',
        ),
      },
    },
    async ({ params, body, merchant, reply }) =>
      reply.code(201).send(await createPosDevice(db, merchant, params.id, body.label)),
  )

  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id/pos-devices',
      operationId: 'listPosDevices',
      summary: "A point of sale's device links, newest first, disconnected ones included",
      tags,
      params: linkIdParamsSchema,
      responses: {
        200: { description: 'The devices (never their tokens)', schema: posDeviceListSchema },
        404: notYours,
        409: errorResponse('The link is not a point of sale (NOT_A_POS)'),
      },
    },
    async ({ params, merchant }) => ({ devices: await listPosDevices(db, merchant, params.id) }),
  )

  defineMerchantRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/links/:id/pos-devices/:deviceId',
      operationId: 'revokePosDevice',
      summary: 'Disconnect a device: its token is refused from its next request on',
      tags,
      params: posDeviceParamsSchema,
      responses: {
        200: { description: 'The device, disconnected', schema: posDeviceSchema },
        404: errorResponse('No such device on this point of sale of yours (POS_DEVICE_NOT_FOUND)'),
      },
    },
    async ({ params, merchant }) => revokePosDevice(db, merchant, params.id, params.deviceId),
  )

  defineDeviceRoute(
    {
      method: 'GET',
      url: '/api/pos/:id',
      operationId: 'readPos',
      summary: 'The shop device: its name and the point of sale it sells for (header x-pos-token)',
      tags,
      params: linkIdParamsSchema,
      responses: {
        200: { description: 'The device and the point-of-sale link', schema: posSessionSchema },
        404: errorResponse('No such link (LINK_NOT_FOUND)'),
      },
    },
    async ({ params, device }) => ({
      device: { id: device.id, label: device.label },
      link: (await viewOf(params.id)).link,
    }),
  )

  defineDeviceRoute(
    {
      method: 'POST',
      url: '/api/pos/:id/sales',
      operationId: 'createPosSale',
      summary:
        "The shop device rings up a sale: a new order of the point of sale for the amount typed, in the link's currency",
      description:
        "The order is quoted at once and carries every option's payment URI (EIP-681 to its own deposit address, Solana Pay with its own reference, BIP21 to its own address): show them as QR codes. Follow it with GET /api/pos/:id/sales/:orderId.",
      tags,
      params: linkIdParamsSchema,
      body: createPosSaleBodySchema,
      rateLimit: options.createSaleRateLimit,
      responses: {
        201: { description: 'The order, as GET /api/links/:id shows it', schema: linkSchema },
        400: errorResponse(
          'The amount is not a positive amount of the currency, or below the minimum (INVALID_REQUEST)',
        ),
        404: errorResponse('No such link (LINK_NOT_FOUND)'),
        409: errorResponse('The point of sale is deactivated (LINK_INACTIVE) or expired (LINK_EXPIRED)'),
        429: errorResponse('Too many sales from this address (RATE_LIMITED; see Retry-After)'),
      },
    },
    async ({ params, body, reply }) => {
      const order = await options.createOrder(params.id, { amount: body.amount })
      return reply.code(201).send((await viewOf(order.id)).link)
    },
  )

  defineDeviceRoute(
    {
      method: 'GET',
      url: '/api/pos/:id/sales/:orderId',
      operationId: 'readPosSale',
      summary: 'The shop device follows a sale it made: the order, as GET /api/links/:id shows it',
      tags,
      params: posSaleParamsSchema,
      responses: {
        200: { description: 'The order', schema: linkSchema },
        404: errorResponse('No such sale of this point of sale (SALE_NOT_FOUND)'),
      },
    },
    async ({ params, reply }) => {
      const version = await options.readCheckoutView(params.orderId)
      if (version?.link.order?.linkId !== params.id)
        throw new NotFoundError('SALE_NOT_FOUND', `No sale ${params.orderId} of this point of sale.`)
      return reply.type('application/json; charset=utf-8').send(version.json)
    },
  )
}
