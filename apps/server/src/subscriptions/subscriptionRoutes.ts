import {
  cancelSubscriptionBodySchema,
  createPlanBodySchema,
  createdPlanSchema,
  createdSubscriptionSchema,
  devnetClockBodySchema,
  devnetClockSchema,
  manageTokenQuerySchema,
  planIdParamsSchema,
  planListSchema,
  planSchema,
  subscribeBodySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import { and, eq, inArray } from 'drizzle-orm'
import { plans, subscriptions } from '../db/schema.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse, merchantOnlyResponses } from '../http/merchantResponses.js'
import type { RateLimit } from '../http/routeRegistry.js'
import { createPlan, disablePlan, listPlans, readPlan, toPlanView } from './plans.js'
import type { PeriodLinkContext } from './periodLink.js'
import type { RenewalScheduler } from './renewalScheduler.js'
import type { SubscriptionClock } from './subscriptionClock.js'
import { enqueueSubscriptionEvent } from './subscriptionEvents.js'
import {
  listSubscriptions,
  readSubscriptionWithToken,
  subscribe,
  toSubscriptionView,
  type CollectorAddresses,
} from './subscribe.js'

export interface SubscriptionRoutesOptions {
  context: PeriodLinkContext
  clock: SubscriptionClock
  scheduler: RenewalScheduler
  collectorAddresses: CollectorAddresses
  /** POST /api/plans/:id/subscriptions per IP. */
  subscribeRateLimit: RateLimit
  /** The demo only: `POST /devnet/clock` moves the clock, and each of these EVM devnet RPCs' time, forward. */
  devnetClock?: { evmRpcUrls: readonly string[] }
}

const planNotFound = errorResponse('No such plan (PLAN_NOT_FOUND)')
const subscriptionNotFound = errorResponse('No such subscription for this token (SUBSCRIPTION_NOT_FOUND)')

/** Plans (merchant), subscribing and the payer's manage view (public), and the demo's clock. */
export const subscriptionRoutes: FastifyPluginAsync<SubscriptionRoutesOptions> = async (app, options) => {
  const { context, clock, scheduler, collectorAddresses } = options
  const { db, assets } = context
  const viewContext = { assets, collectorAddresses }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/plans',
      operationId: 'createPlan',
      idempotent: true,
      summary: 'Create a subscription plan',
      description:
        'A price per period (in fiat or per asset, like a link), an interval, optional trial days. Each period is paid through a link made from these fields. The answer carries the webhook secret, shown only here: every event of the plan is signed with it.',
      tags: ['subscriptions'],
      body: createPlanBodySchema,
      responses: {
        201: { description: 'The plan', schema: createdPlanSchema },
        ...merchantOnlyResponses,
      },
    },
    async ({ body, request, reply }) => {
      const merchant = await app.requireMerchant(request)
      const plan = await createPlan(db, { merchant, body, assets, webhookPolicy: context.webhookPolicy })
      return reply.code(201).header('cache-control', 'no-store').send(plan)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/plans',
      operationId: 'listPlans',
      summary: "The merchant's plans, newest first (up to 200)",
      tags: ['subscriptions'],
      responses: { 200: { description: 'The plans', schema: planListSchema }, ...merchantOnlyResponses },
    },
    async ({ request, reply }) => {
      const merchant = await app.requireMerchant(request)
      reply.header('cache-control', 'no-store')
      return { plans: await listPlans(db, merchant, assets) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/plans/:id/disable',
      operationId: 'disablePlan',
      idempotent: true,
      summary: 'Take no new subscriptions to a plan (existing ones keep renewing)',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      responses: { 200: { description: 'The plan', schema: planSchema }, ...merchantOnlyResponses, 404: planNotFound },
    },
    async ({ params, request }) => disablePlan(db, await app.requireMerchant(request), params.id, assets),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/plans/:id',
      operationId: 'getPlan',
      summary: 'A plan as a payer sees it before subscribing',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      responses: { 200: { description: 'The plan', schema: planSchema }, 404: planNotFound },
    },
    async ({ params }) => toPlanView(await readPlan(db, params.id), assets),
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/plans/:id/subscriptions',
      operationId: 'subscribe',
      summary: 'Subscribe to a plan',
      description:
        'Anyone. Makes the subscription and its first period’s link (`dueLinkId`), paid like any link; the subscription is active once it is paid. `renewal: "automatic"` (an EVM or Solana token option with a fixed amount) answers the terms the payer’s wallet signs: on EVM the collector contract’s `subscribe`, then `approve` of `amount`; on Solana an SPL `approve` of `collector` as delegate, up to the cap the payer picks. The manage token is shown only here.',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      body: subscribeBodySchema,
      responses: {
        201: { description: 'The subscription', schema: createdSubscriptionSchema },
        404: planNotFound,
        409: errorResponse('The plan is disabled (PLAN_DISABLED), or the merchant is at the cap of open links'),
        429: errorResponse('Too many subscriptions from this address (RATE_LIMITED)'),
      },
      rateLimit: options.subscribeRateLimit,
    },
    async ({ params, body, reply }) => {
      const created = await subscribe({ context, planId: params.id, body, collectorAddresses, now: clock.now() })
      return reply.code(201).header('cache-control', 'no-store').send(created)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/subscriptions',
      operationId: 'listSubscriptions',
      summary: "The merchant's subscriptions, newest first (up to 500)",
      tags: ['subscriptions'],
      responses: {
        200: { description: 'The subscriptions', schema: subscriptionListSchema },
        ...merchantOnlyResponses,
      },
    },
    async ({ request, reply }) => {
      const merchant = await app.requireMerchant(request)
      const rows = await listSubscriptions(db, merchant)
      const planRows = rows.length
        ? await db
            .select()
            .from(plans)
            .where(inArray(plans.id, [...new Set(rows.map((r) => r.planId))]))
        : []
      const planOf = new Map(planRows.map((p) => [p.id, p]))
      reply.header('cache-control', 'no-store')
      return {
        subscriptions: await Promise.all(
          rows.map(async (row) => ({
            ...(await toSubscriptionView(db, row, planOf.get(row.planId)!, viewContext)),
            email: row.email,
          })),
        ),
      }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/subscriptions/:id',
      operationId: 'getSubscription',
      summary: 'A subscription, for its payer (the manage token from the subscribe answer or e-mail)',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      querystring: manageTokenQuerySchema,
      responses: { 200: { description: 'The subscription', schema: subscriptionSchema }, 404: subscriptionNotFound },
    },
    async ({ params, query, reply }) => {
      const row = await readSubscriptionWithToken(db, params.id, query.token)
      reply.header('cache-control', 'no-store')
      return toSubscriptionView(db, row, await readPlan(db, row.planId), viewContext)
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/subscriptions/:id/cancel',
      operationId: 'cancelSubscription',
      summary: 'Cancel a subscription (its payer, with the manage token): no renewal happens after this',
      description:
        'Automatic renewals also stop on the chain when the payer calls the collector contract’s `cancel` or revokes the allowance; this stops Paylink from asking.',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      body: cancelSubscriptionBodySchema,
      responses: { 200: { description: 'The subscription', schema: subscriptionSchema }, 404: subscriptionNotFound },
    },
    async ({ params, body }) => {
      const row = await readSubscriptionWithToken(db, params.id, body.token)
      const now = clock.now()
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: now })
          .where(
            and(
              eq(subscriptions.id, row.id),
              inArray(subscriptions.status, ['incomplete', 'trialing', 'active', 'past_due']),
            ),
          )
          .returning()
        if (updated) await enqueueSubscriptionEvent(tx, 'subscription.canceled', updated, {})
      })
      const [fresh] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id))
      return toSubscriptionView(db, fresh!, await readPlan(db, row.planId), viewContext)
    },
  )

  const devnetClock = options.devnetClock
  if (devnetClock) {
    defineRoute(
      app,
      {
        method: 'POST',
        url: '/devnet/clock',
        operationId: 'advanceDevnetClock',
        summary: 'Demo only: move the renewals’ clock and the EVM devnets’ time forward',
        tags: ['devnet'],
        body: devnetClockBodySchema,
        responses: { 200: { description: 'The clock now', schema: devnetClockSchema } },
      },
      async ({ body }) => {
        clock.advance(body.seconds)
        // Each anvil moves as far and mines a block, so the collector contract sees the new time.
        await Promise.all(
          devnetClock.evmRpcUrls.map(async (rpcUrl) => {
            for (const [method, params] of [
              ['evm_increaseTime', [body.seconds]],
              ['evm_mine', []],
            ] as const) {
              await fetch(rpcUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
              })
            }
          }),
        )
        await scheduler.runOnce()
        return { now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds() }
      },
    )
  }
}
