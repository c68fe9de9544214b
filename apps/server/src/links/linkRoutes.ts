import {
  createdLinkSchema,
  createLinkBodySchemaFor,
  createPaymentBodySchema,
  linkIdParamsSchema,
  linkListSchema,
  linkSchema,
  merchantLinkSchema,
  paymentSchema,
  webhookTestResultSchema,
  type Asset,
  type CreatePaymentBody,
  type Network,
  type Payment,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { PaymentChainReader } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import type { RateLimit, RouteResponse } from '../http/routeRegistry.js'
import { sendEventStream } from '../http/sendEventStream.js'
import type { WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import type { LookupAll } from '../webhooks/resolveWebhookTarget.js'
import { createLink, type LinkRules } from './createLink.js'
import { createTokenSupplyCap } from './tokenSupplyCap.js'
import { LinkNotFoundError } from '../errors.js'
import type { LinkEventHub } from './linkEventHub.js'
import type { LinkViewCache, LinkViewVersion } from './linkViewCache.js'
import { listLinks } from './readLinks.js'
import { sendTestWebhook } from './sendTestWebhook.js'
import { setLinkActive } from './setLinkActive.js'

export interface LinkRoutesOptions {
  db: Db
  assets: readonly Asset[]
  networks: readonly Network[]
  /** The public views, held in memory until the database announces a change. */
  views: LinkViewCache
  /** Fans link changes out to the event streams. */
  events: LinkEventHub
  /** Records a payment and gives it a first chain read (the app's submitLinkPayment). */
  submitPayment(linkId: string, body: CreatePaymentBody): Promise<Payment>
  webhookPolicy: WebhookPolicy
  maxOpenLinksPerMerchant: number
  defaultLateGraceSeconds: number
  /** The view a payer opening the link gets: from `views`, with live quotes made first on a fiat-priced link. */
  readCheckoutView(linkId: string): Promise<LinkViewVersion | null>
  /** The server's own chain readers: a token's supply is read through them at creation (tokenSupplyCap.ts). */
  readerOf(caipNetworkId: string): PaymentChainReader | null
  /** Per IP. */
  createLinkRateLimit: RateLimit
  submitPaymentRateLimit: RateLimit
  heartbeatMs?: number
  /** Test webhooks: DNS lookup of every address (default the system's) and the time allowed (default 5000 ms). */
  webhookTest?: { lookupAll?: LookupAll; timeoutMs?: number }
}

const notFound = errorResponse('No such link (LINK_NOT_FOUND)')
/** Only reactivating can meet the cap. */
const capResponse = (active: boolean): Record<number, RouteResponse> =>
  active ? { 409: errorResponse('Already at the per-merchant cap of open links (TOO_MANY_OPEN_LINKS)') } : {}

/** Payment links: create and list (merchant), read, follow and pay (anyone). Needs `app.requireMerchant` (merchants/). */
export const linkRoutes: FastifyPluginAsync<LinkRoutesOptions> = async (app, options) => {
  const { db, assets, networks, views, events, webhookPolicy } = options
  const heartbeatMs = options.heartbeatMs ?? 15_000
  const checkTokenSupply = createTokenSupplyCap({ readerOf: options.readerOf })
  const linkRules: LinkRules = {
    assets,
    networks,
    webhookPolicy,
    maxOpenLinks: options.maxOpenLinksPerMerchant,
    defaultLateGraceSeconds: options.defaultLateGraceSeconds,
  }

  const streams = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end()
  })

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/links',
      operationId: 'createLink',
      idempotent: true,
      summary: 'Create a payment link',
      description:
        'Signed-in merchant (cookie) or `Authorization: Bearer <api key>`. Each option is an asset (CAIP-19) and an amount in its units; or the link has a fiat `price` and its options name only an asset (each is quoted when a payer opens the checkout). The recipient defaults to the merchant address. The answer carries the webhook secret, shown only here.',
      tags: ['links'],
      body: createLinkBodySchemaFor(assets),
      responses: {
        201: { description: 'The link', schema: createdLinkSchema },
        400: errorResponse('A field is wrong (INVALID_REQUEST naming it, UNSUPPORTED_ASSET)'),
        409: errorResponse('Already at the per-merchant cap of open links (TOO_MANY_OPEN_LINKS)'),
        429: errorResponse('Too many links created from this address (RATE_LIMITED; see Retry-After)'),
      },
      rateLimit: options.createLinkRateLimit,
    },
    async ({ body, reply, merchant }) => {
      await checkTokenSupply(body, assets)
      const link = await createLink(db, { merchant, body, ...linkRules })
      return reply.code(201).send(link)
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/links',
      operationId: 'listLinks',
      summary: "The merchant's links with status and totals per option",
      tags: ['links'],
      responses: {
        200: { description: 'Newest first (up to 200)', schema: linkListSchema },
      },
    },
    async ({ merchant }) => listLinks(db, merchant),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id',
      operationId: 'getLink',
      summary: 'A link as the payer sees it: options, status, expiry, totals, payments',
      description:
        'Opening a fiat-priced link makes a quote per option when none is live (QUOTE_TTL_SECONDS): `amount`, `rate`, `rateSource`, `quoteExpiresAt`; or `quoteProblem` when fewer than two rate sources agree.',
      tags: ['links'],
      params: linkIdParamsSchema,
      responses: { 200: { description: 'The link', schema: linkSchema }, 404: notFound },
    },
    async ({ params, reply }) => {
      const version = await options.readCheckoutView(params.id)
      if (!version) throw new LinkNotFoundError(params.id)
      // The JSON made once per version of the link, sent as it is.
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(version.json)
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
      if (!(await views.read(params.id))) throw new LinkNotFoundError(params.id)
      const end = sendEventStream({
        request,
        reply,
        retryMs: 3000,
        heartbeatMs,
        subscribe: (send) => events.subscribe(params.id, send),
        onEnd: () => streams.delete(end),
      })
      streams.add(end)
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
      const payment = await options.submitPayment(params.id, body)
      reply.header('cache-control', 'no-store')
      return reply.code(202).send(payment)
    },
  )
  for (const active of [false, true]) {
    defineMerchantRoute(
      app,
      {
        method: 'POST',
        url: active ? '/api/links/:id/reactivate' : '/api/links/:id/deactivate',
        operationId: active ? 'reactivateLink' : 'deactivateLink',
        idempotent: true,
        summary: active
          ? 'Take payments on a deactivated link again (merchant)'
          : 'Stop a link taking payments (merchant)',
        description: active
          ? 'Counts against the open-links cap like a new link. Doing it on an active link changes nothing.'
          : 'The checkout then says the link no longer accepts payments and offers no way to pay; the tracker stops looking for new payments to it. Payments already sent and recorded are still followed and count. `deactivatedAt` is set; doing it again changes nothing.',
        tags: ['links'],
        params: linkIdParamsSchema,
        responses: {
          200: { description: 'The link now', schema: merchantLinkSchema },
          404: errorResponse('No such link of yours (LINK_NOT_FOUND)'),
          ...capResponse(active),
        },
      },
      async ({ params, merchant }) => {
        const link = await setLinkActive(db, {
          merchant,
          linkId: params.id,
          active,
          maxOpenLinks: options.maxOpenLinksPerMerchant,
        })
        // The version bump reaches every process by NOTIFY; this one drops its view at once, so the answer and the next read agree.
        views.invalidate(params.id)
        return link
      },
    )
  }

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/webhook/test',
      operationId: 'sendTestWebhook',
      idempotent: true,
      summary: "Send a signed webhook.test event to the link's webhook URL now and answer what the receiver said",
      description:
        'Merchant. The same URL and address checks and the same Standard Webhooks signature as every delivery (`webhook-id`, `webhook-timestamp`, `webhook-signature`), body `{ id, type: "webhook.test", createdAt, data: { link, payment: null } }`. Sent once (5 s), not retried, not stored, not in the events feed. A refused URL or a failing receiver is a 200 with `delivered: false` and the reason.',
      tags: ['webhooks'],
      params: linkIdParamsSchema,
      responses: {
        200: { description: "The receiver's answer", schema: webhookTestResultSchema },
        404: errorResponse('No such link of yours (LINK_NOT_FOUND)'),
        409: errorResponse('The link has no webhook URL (NO_WEBHOOK_URL)'),
        429: errorResponse('Too many tests from this address (RATE_LIMITED; see Retry-After)'),
      },
      // Each one makes this server call out: per IP, like link creation.
      rateLimit: options.createLinkRateLimit,
    },
    async ({ params, merchant }) =>
      sendTestWebhook(db, { merchant, linkId: params.id, policy: webhookPolicy, ...options.webhookTest }),
  )
}
