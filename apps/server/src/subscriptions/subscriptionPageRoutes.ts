import {
  fiatCurrencies,
  manageTokenQuerySchema,
  monthlyRecurringRevenue,
  mrrSchema,
  planIdParamsSchema,
  planPageSchema,
  subscriptionPageSchema,
  type FiatCurrency,
  type MrrInput,
  type PlanInterval,
  type SubscriptionPeriod,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { linkOptions, payments, plans, subscriptionRenewals, subscriptions } from '../db/schema.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse, merchantOnlyResponses } from '../http/merchantResponses.js'
import { readPublicMerchants } from '../merchants/merchantProfileService.js'
import type { PeriodLinkContext } from './periodLink.js'
import { automaticTerms, readPlan, toPlanView, type PlanRow } from './plans.js'
import {
  readSubscriptionWithToken,
  toSubscriptionView,
  type CollectorAddresses,
  type SubscriptionRow,
} from './subscribe.js'

export interface SubscriptionPageRoutesOptions {
  context: PeriodLinkContext
  /** Each chain family's collector key address; a family without one renews by link only. */
  collectorAddresses: CollectorAddresses
}

/**
 * What the payer's pages (/subscribe/:planId, /subscriptions/:id) and the dashboard's MRR read in
 * one request each: the plan or subscription with the merchant's public profile, the periods with
 * their receipts' links, and the merchant's monthly revenue summed on the server in bigints.
 */
export const subscriptionPageRoutes: FastifyPluginAsync<SubscriptionPageRoutesOptions> = async (app, options) => {
  const { context, collectorAddresses } = options
  const { db, assets } = context
  const merchantOf = async (plan: PlanRow) => (await readPublicMerchants(db, [plan.merchant])).get(plan.merchant)!

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/plans/:id/page',
      operationId: 'getPlanPage',
      summary: 'A plan with its merchant, as the subscribe page shows it',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      responses: {
        200: { description: 'The plan', schema: planPageSchema },
        404: errorResponse('No such plan (PLAN_NOT_FOUND)'),
      },
    },
    async ({ params }) => {
      const plan = await readPlan(db, params.id)
      return {
        plan: toPlanView(plan, assets),
        merchant: await merchantOf(plan),
        automaticAssets: plan.options
          .filter((o) => automaticTerms(plan, assets, o.asset) && collectorAddresses[o.asset.split(':')[0]!])
          .map((o) => o.asset),
      }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/subscriptions/:id/page',
      operationId: 'getSubscriptionPage',
      summary: 'A subscription with its plan, merchant and periods, for its payer (the manage token)',
      tags: ['subscriptions'],
      params: planIdParamsSchema,
      querystring: manageTokenQuerySchema,
      responses: {
        200: { description: 'The subscription', schema: subscriptionPageSchema },
        404: errorResponse('No such subscription for this token (SUBSCRIPTION_NOT_FOUND)'),
      },
    },
    async ({ params, query, reply }) => {
      const row = await readSubscriptionWithToken(db, params.id, query.token)
      const plan = await readPlan(db, row.planId)
      // Newest first; the pull's signed bytes and leases are the scheduler's business, not the payer's.
      const { period, method, status, linkId, txHash, dueAt, paidAt } = subscriptionRenewals
      const periods = await db
        .select({ period, method, status, linkId, txHash, dueAt, paidAt })
        .from(subscriptionRenewals)
        .where(eq(subscriptionRenewals.subscriptionId, row.id))
        .orderBy(desc(period))
        .limit(200)
      reply.header('cache-control', 'no-store')
      return {
        subscription: await toSubscriptionView(db, row, plan, { assets, collectorAddresses }),
        plan: toPlanView(plan, assets),
        merchant: await merchantOf(plan),
        periods: periods.map((p): SubscriptionPeriod => ({
          period: p.period,
          method: p.method as SubscriptionPeriod['method'],
          status: p.status as SubscriptionPeriod['status'],
          linkId: p.linkId,
          txHash: p.txHash,
          dueAt: p.dueAt.toISOString(),
          paidAt: p.paidAt?.toISOString() ?? null,
        })),
      }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/subscriptions/mrr',
      operationId: 'getMrr',
      summary: "Monthly recurring revenue of the merchant's active subscriptions, per currency",
      description:
        'A period’s price scaled to a 30-day month. A fiat-priced plan counts in its currency; a plan priced per asset in the asset its subscriber renews with (automatic) or last paid in.',
      tags: ['subscriptions'],
      responses: { 200: { description: 'MRR per currency', schema: mrrSchema }, ...merchantOnlyResponses },
    },
    async ({ request, reply }) => {
      const merchant = await app.requireMerchant(request)
      const rows = await db
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(eq(subscriptions.merchant, merchant.id), eq(subscriptions.status, 'active')))
      const paidIn = await lastPaidAssets(rows.map((r) => r.subscription))
      reply.header('cache-control', 'no-store')
      return {
        mrr: monthlyRecurringRevenue(
          rows.flatMap(({ subscription, plan }): MrrInput[] => {
            const interval = plan.interval as PlanInterval
            if (plan.priceCurrency && plan.priceAmount) {
              const currency = plan.priceCurrency as FiatCurrency
              return [
                { currency, assetId: null, decimals: fiatCurrencies[currency], amount: plan.priceAmount, interval },
              ]
            }
            const assetId = subscription.autoAssetId ?? paidIn.get(subscription.id) ?? plan.options[0]?.asset
            const option = plan.options.find((o) => o.asset.toLowerCase() === assetId?.toLowerCase())
            const asset = assets.find((a) => a.assetId.toLowerCase() === assetId?.toLowerCase())
            if (!option?.amount || !asset) return []
            return [
              {
                currency: asset.symbol,
                assetId: asset.assetId,
                decimals: asset.decimals,
                amount: option.amount,
                interval,
              },
            ]
          }),
        ),
      }
    },
  )

  /** The asset each subscription's newest paid period link was paid in (its confirmed payment's option). */
  async function lastPaidAssets(rows: readonly SubscriptionRow[]): Promise<Map<string, string>> {
    if (rows.length === 0) return new Map()
    const paid = await db
      .select({ subscriptionId: subscriptionRenewals.subscriptionId, assetId: linkOptions.assetId })
      .from(subscriptionRenewals)
      .innerJoin(payments, eq(payments.linkId, subscriptionRenewals.linkId))
      .innerJoin(linkOptions, eq(linkOptions.id, payments.optionId))
      .where(
        and(
          inArray(
            subscriptionRenewals.subscriptionId,
            rows.map((r) => r.id),
          ),
          eq(subscriptionRenewals.status, 'paid'),
          eq(payments.status, 'confirmed'),
        ),
      )
      .orderBy(subscriptionRenewals.period)
    // Ascending: the last one set per subscription is its newest.
    return new Map(paid.map((p) => [p.subscriptionId, p.assetId]))
  }
}
