import { formatUnits, type Asset, type ListedPayment, type PaymentStatus } from '@paylink/shared'
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { plans, subscriptionRenewals, subscriptions } from '../db/schema.js'
import type { Merchant } from '../merchants/merchant.js'
import { automaticTerms, type PlanRow } from '../subscriptions/plans.js'
import type { PaymentPosition } from './paymentCursor.js'
import { listFilterConditions } from './listFilters.js'
import { minedPaymentOfNoLink } from './listX402Payments.js'

/** The filters of the list and of the CSV (which has no `asset` and `q`). */
export interface RenewalFilters {
  status?: PaymentStatus | undefined
  asset?: string | undefined
  from?: string | undefined
  to?: string | undefined
  q?: string | undefined
}

/**
 * The merchant's renewals pulled by the collector under the filters, or null when the filters
 * exclude them all. A renewal paid by link is left out: its link's payment is already listed.
 */
function filtersOf(merchant: Merchant, query: RenewalFilters): SQL | null {
  // Recorded paid once the pull was mined with success: confirmed, and it stays so.
  if (query.status && query.status !== 'confirmed') return null
  return and(
    eq(subscriptions.merchant, merchant.id),
    eq(subscriptionRenewals.method, 'pull'),
    eq(subscriptionRenewals.status, 'paid'),
    ...listFilterConditions(query, {
      assetId: subscriptions.autoAssetId,
      time: subscriptionRenewals.paidAt,
      ids: [subscriptionRenewals.id, subscriptions.id, plans.id],
      txHash: subscriptionRenewals.txHash,
      payer: subscriptions.payerAddress,
      texts: [plans.name],
    }),
  )!
}

export interface RenewalPageRow {
  createdAtText: string
  id: string
  payment: ListedPayment
}

/**
 * Up to `limit` pulled renewals past `position` in the paid time's order, as the list shows
 * them: `desc` before it (the list, newest first), `asc` after it (the CSV, oldest first).
 */
export async function pageRenewalPayments(
  db: Db,
  merchant: Merchant,
  assets: readonly Asset[],
  query: RenewalFilters,
  position: PaymentPosition | null,
  limit: number,
  direction: 'desc' | 'asc',
): Promise<RenewalPageRow[]> {
  const filters = filtersOf(merchant, query)
  if (!filters) return []
  const order = direction === 'desc' ? desc : asc
  const rows = await db
    .select({
      renewal: subscriptionRenewals,
      subscription: subscriptions,
      plan: plans,
      createdAtText: sql<string>`${subscriptionRenewals.paidAt}::text`,
    })
    .from(subscriptionRenewals)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        filters,
        position
          ? direction === 'desc'
            ? sql`(${subscriptionRenewals.paidAt}, ${subscriptionRenewals.id}) < (${position.createdAt}::timestamptz, ${position.id})`
            : sql`(${subscriptionRenewals.paidAt}, ${subscriptionRenewals.id}) > (${position.createdAt}::timestamptz, ${position.id})`
          : undefined,
      ),
    )
    .orderBy(order(subscriptionRenewals.paidAt), order(subscriptionRenewals.id))
    .limit(limit)
  return rows.map(({ renewal, subscription, plan, createdAtText }) => ({
    createdAtText,
    id: renewal.id,
    payment: toRenewalPaymentView(renewal, subscription, plan, assets),
  }))
}

/** A pulled renewal as the list and the CSV show it: the amount is the plan's, as the collector pulled it. */
function toRenewalPaymentView(
  renewal: typeof subscriptionRenewals.$inferSelect,
  subscription: typeof subscriptions.$inferSelect,
  plan: PlanRow,
  assets: readonly Asset[],
): ListedPayment {
  // A renewal is pulled only for a subscription with an automatic asset.
  const assetId = subscription.autoAssetId ?? ''
  const terms = automaticTerms(plan, assets, assetId)
  return minedPaymentOfNoLink(
    {
      id: renewal.id,
      kind: 'subscription',
      linkTitle: plan.name,
      subscription: { id: subscription.id, planId: plan.id, period: renewal.period },
      symbol: terms?.asset.symbol ?? null,
      // CAIP-19 starts with its network (CAIP-2): known even if the asset left the configuration.
      caipNetworkId: terms?.asset.caipNetworkId ?? assetId.split('/')[0]!,
      // The pull's hash is recorded before it is sent, so a paid pull always has one.
      txHash: renewal.txHash ?? '',
      // No amount when the plan no longer has the option's terms: never a guess.
      amount: terms ? formatUnits(terms.amount, terms.asset.decimals) : null,
      asset: assetId,
      payer: subscription.payerAddress,
    },
    // Recorded paid once the pull was mined with success.
    renewal.paidAt ?? renewal.createdAt,
  )
}

/**
 * Per asset, the pulled renewals the filters match (all confirmed), in atomic units: counted per
 * plan and asset in Postgres, each count times that plan's amount here (exact bigint).
 */
export async function sumRenewalPayments(db: Db, merchant: Merchant, assets: readonly Asset[], query: RenewalFilters) {
  const filters = filtersOf(merchant, query)
  if (!filters) return []
  const groups = await db
    .select({
      plan: plans,
      assetId: subscriptions.autoAssetId,
      count: sql<number>`count(*)::int`,
    })
    .from(subscriptionRenewals)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(filters)
    .groupBy(plans.id, subscriptions.autoAssetId)
  const sums = new Map<
    string,
    { asset: string; caipNetworkId: string; symbol: string; decimals: number; confirmed: bigint; count: number }
  >()
  for (const { plan, assetId, count } of groups) {
    const terms = automaticTerms(plan, assets, assetId ?? '')
    if (!terms) continue
    const sum = sums.get(terms.asset.assetId) ?? {
      asset: terms.asset.assetId,
      caipNetworkId: terms.asset.caipNetworkId,
      symbol: terms.asset.symbol,
      decimals: terms.asset.decimals,
      confirmed: 0n,
      count: 0,
    }
    sum.confirmed += terms.amount * BigInt(count)
    sum.count += Number(count)
    sums.set(terms.asset.assetId, sum)
  }
  return [...sums.values()]
}
