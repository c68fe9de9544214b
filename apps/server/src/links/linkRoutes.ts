import {
  apiErrorSchema,
  createdLinkSchema,
  createLinkBodySchemaFor,
  createPaymentBodySchema,
  linkIdParamsSchema,
  linkListSchema,
  linkSchema,
  paymentSchema,
  redeliverParamsSchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookSettingsSchema,
  type Asset,
  type Link,
  type Network,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { HttpError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import type { RateLimit } from '../siwx/siwxRoutes.js'
import type { WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { submitPayment } from '../payments/submitPayment.js'
import { listWebhookDeliveries, redeliverWebhook } from '../webhooks/webhookDeliveries.js'
import { updateLinkWebhook } from '../webhooks/updateLinkWebhook.js'
import { createLink } from './createLink.js'
import type { PaymentLinksServices } from './paymentLinks.js'
import { getLink, getPayment, listLinks } from './readLinks.js'
import { requireMerchant } from './requireMerchant.js'

export interface LinkRoutesOptions {
  db: Db
  assets: readonly Asset[]
  networks: readonly Network[]
  services: PaymentLinksServices
  /** MERCHANTS as merchant ids; null: any signed-in account. */
  merchants: ReadonlySet<string> | null
  webhookPolicy: WebhookPolicy
  maxOpenLinksPerMerchant: number
  /** Per IP. */
  createLinkRateLimit: RateLimit
  submitPaymentRateLimit: RateLimit
  heartbeatMs?: number
  submitCheckTimeoutMs?: number
}

const errorResponse = (description: string) => ({ description, schema: apiErrorSchema })
const unauthorized = errorResponse('No session and no valid API key (UNAUTHENTICATED, INVALID_API_KEY)')
const notAMerchant = errorResponse('The account is not on the MERCHANTS list of this instance (NOT_A_MERCHANT)')
const notFound = errorResponse('No such link (LINK_NOT_FOUND)')

export const linkRoutes: FastifyPluginAsync<LinkRoutesOptions> = async (app, options) => {
  const { db, assets, networks, services, webhookPolicy } = options
  const merchantOptions = { allowed: options.merchants }
  const confirmations = new Map(networks.map((n) => [n.caipNetworkId, n.confirmations]))
  const heartbeatMs = options.heartbeatMs ?? 15_000
  const submitCheckTimeoutMs = options.submitCheckTimeoutMs ?? 3000

  const streams = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end()
  })

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/links',
      operationId: 'createLink',
      summary: 'Create a payment link',
      description:
        'Signed-in merchant (cookie) or `Authorization: Bearer <api key>`. Each option is an asset (CAIP-19) and an amount in its units; the recipient defaults to the merchant address. The answer carries the webhook secret, shown only here.',
      tags: ['links'],
      body: createLinkBodySchemaFor(assets),
      responses: {
        201: { description: 'The link', schema: createdLinkSchema },
        400: errorResponse('A field is wrong (INVALID_REQUEST naming it, UNSUPPORTED_ASSET)'),
        401: unauthorized,
        403: notAMerchant,
        409: errorResponse('Already at the per-merchant cap of open links (TOO_MANY_OPEN_LINKS)'),
        429: errorResponse('Too many links created from this address (RATE_LIMITED; see Retry-After)'),
      },
      rateLimit: options.createLinkRateLimit,
    },
    async ({ body, request, reply }) => {
      const merchant = await requireMerchant(request, db, merchantOptions)
      const link = await createLink({ db, merchant, body, assets, networks, webhookPolicy, maxOpenLinks: options.maxOpenLinksPerMerchant })
      reply.header('cache-control', 'no-store')
      return reply.code(201).send(link)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/links',
      operationId: 'listLinks',
      summary: "The merchant's links with status and totals per option",
      tags: ['links'],
      responses: { 200: { description: 'Newest first (up to 200)', schema: linkListSchema }, 401: unauthorized, 403: notAMerchant },
    },
    async ({ request, reply }) => {
      const merchant = await requireMerchant(request, db, merchantOptions)
      reply.header('cache-control', 'no-store')
      return listLinks(db, merchant)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id',
      operationId: 'getLink',
      summary: 'A link as the payer sees it: options, status, expiry, totals, payments',
      tags: ['links'],
      params: linkIdParamsSchema,
      responses: { 200: { description: 'The link', schema: linkSchema }, 404: notFound },
    },
    async ({ params, reply }) => {
      const link = await getLink(db, params.id)
      if (!link) throw new HttpError(404, 'LINK_NOT_FOUND', `No payment link ${params.id}.`)
      reply.header('cache-control', 'no-store')
      return link
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id/events',
      operationId: 'streamLinkEvents',
      summary: 'Server-sent events: the link (as GET /api/links/:id) now and after every change',
      description:
        'Each message is `event: link`, `id: <version>`, `data: <the link JSON>`; the first one is the current state. A `: heartbeat` comment comes every 15 s. The stream stays open until the client leaves or the server stops.',
      tags: ['links'],
      params: linkIdParamsSchema,
      responses: { 200: { description: 'An event stream', contentType: 'text/event-stream' }, 404: notFound },
    },
    async ({ params, request, reply }) => {
      const link = await getLink(db, params.id)
      if (!link) throw new HttpError(404, 'LINK_NOT_FOUND', `No payment link ${params.id}.`)
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      res.write('retry: 3000\n\n')
      const send = (state: Link) => res.write(`event: link\nid: ${state.version}\ndata: ${JSON.stringify(state)}\n\n`)
      const unsubscribe = services.events.subscribe(params.id, send)
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs)
      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        clearInterval(heartbeat)
        unsubscribe()
        streams.delete(end)
        res.end()
      }
      streams.add(end)
      request.raw.on('close', end)
      res.on('error', end)
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/payments',
      operationId: 'submitPayment',
      summary: 'Tell the server a transaction pays this link; it decides from the chain',
      description:
        'Public (the payer). Answers 202 with the payment after a first look at the chain (up to 3 s): usually confirming, confirmed or failed with a reason; pending when the node does not know the transaction yet. The same hash again returns the same payment.',
      tags: ['payments'],
      params: linkIdParamsSchema,
      body: createPaymentBodySchema,
      // Public and each answer costs an RPC round trip: per IP.
      rateLimit: options.submitPaymentRateLimit,
      responses: {
        202: { description: 'The payment', schema: paymentSchema },
        404: notFound,
        429: errorResponse('Too many submissions from this address (RATE_LIMITED; see Retry-After)'),
      },
    },
    async ({ params, body, reply }) => {
      const { payment, created } = await submitPayment({ db, linkId: params.id, body, confirmations })
      services.events.notify(params.id)
      let current = payment
      if (created && payment.status === 'pending') {
        await withTimeout(services.tracker.processSubmitted(body.caipNetworkId, payment.id), submitCheckTimeoutMs).catch((error: unknown) =>
          app.log.warn({ err: error, paymentId: payment.id }, 'first check of a submitted payment failed; the tracker will retry'),
        )
        current = (await getPayment(db, payment.id)) ?? payment
        services.tracker.poke(body.caipNetworkId)
      }
      reply.header('cache-control', 'no-store')
      return reply.code(202).send(current)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: "A link's webhook deliveries (merchant): status code, attempts, next retry",
      tags: ['webhooks'],
      params: linkIdParamsSchema,
      responses: { 200: { description: 'Newest first', schema: webhookDeliveryListSchema }, 401: unauthorized, 403: notAMerchant, 404: notFound },
    },
    async ({ params, request, reply }) => {
      const merchant = await requireMerchant(request, db, merchantOptions)
      reply.header('cache-control', 'no-store')
      return listWebhookDeliveries(db, merchant, params.id)
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/webhooks/:deliveryId/redeliver',
      operationId: 'redeliverWebhook',
      summary: 'Send a webhook event again (same event id and body, new signature)',
      tags: ['webhooks'],
      params: redeliverParamsSchema,
      responses: {
        202: { description: 'Queued; the worker sends it at once', schema: webhookDeliverySchema },
        401: unauthorized,
        403: notAMerchant,
        404: errorResponse('No such link of yours or delivery (LINK_NOT_FOUND, DELIVERY_NOT_FOUND)'),
        409: errorResponse('The link has no webhook URL (NO_WEBHOOK_URL)'),
      },
    },
    async ({ params, request, reply }) => {
      const merchant = await requireMerchant(request, db, merchantOptions)
      const delivery = await redeliverWebhook(db, merchant, params.id, params.deliveryId)
      services.webhooks.poke()
      return reply.code(202).send(delivery)
    },
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/links/:id/webhook',
      operationId: 'updateLinkWebhook',
      summary: "Change or remove a link's webhook URL (merchant)",
      description:
        'Events still waiting to be sent go to the new URL; with `null` they end as failed and no more are made. The signing secret stays; a link that had none gets one, returned only in this answer.',
      tags: ['webhooks'],
      params: linkIdParamsSchema,
      body: updateWebhookBodySchema,
      responses: {
        200: { description: 'The link\'s webhook settings now', schema: webhookSettingsSchema },
        400: errorResponse('The URL is not allowed (INVALID_REQUEST naming body.webhookUrl)'),
        401: unauthorized,
        403: notAMerchant,
        404: notFound,
      },
    },
    async ({ params, body, request, reply }) => {
      const merchant = await requireMerchant(request, db, merchantOptions)
      const settings = await updateLinkWebhook({ db, merchant, linkId: params.id, webhookUrl: body.webhookUrl, policy: webhookPolicy })
      services.webhooks.poke()
      reply.header('cache-control', 'no-store')
      return settings
    },
  )
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}
