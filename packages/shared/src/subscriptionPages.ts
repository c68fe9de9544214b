import { z } from 'zod'

import { formatUnits, parseUnits } from '@paylink/chains/money'
import { maxIdLength, maxTimestampLength } from './limits.js'
import { publicMerchantSchema } from './merchantProfile.js'
import { planIntervalSeconds, planSchema, subscriptionSchema, type PlanInterval } from './subscriptions.js'

/** `GET /api/plans/:id/page`: what the payer's subscribe page shows before anything is asked of them. */
export const planPageSchema = z.object({
  plan: planSchema,
  merchant: publicMerchantSchema,
  /** The plan's options this instance can renew automatically (a collector key, an EVM token with a fixed amount). */
  automaticAssets: z.array(z.string().max(200)),
})
export type PlanPage = z.infer<typeof planPageSchema>

/** One period of a subscription as its payer sees it: paid by link (a receipt at /pay/<linkId>) or pulled. */
export const subscriptionPeriodSchema = z.object({
  period: z.number().int(),
  method: z.enum(['link', 'pull']),
  status: z.enum(['pending', 'pulling', 'paid']),
  linkId: z.string().max(maxIdLength).nullable(),
  txHash: z.string().max(200).nullable(),
  dueAt: z.string().max(maxTimestampLength),
  paidAt: z.string().max(maxTimestampLength).nullable(),
})
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriodSchema>

/** `GET /api/subscriptions/:id/page?token=`: the payer's manage page (the token from the e-mail). */
export const subscriptionPageSchema = z.object({
  subscription: subscriptionSchema,
  plan: planSchema,
  merchant: publicMerchantSchema,
  /** Newest first. */
  periods: z.array(subscriptionPeriodSchema),
})
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>

/** `GET /api/subscriptions/mrr`: monthly recurring revenue per currency (fiat code or asset), active subscriptions. */
export const mrrSchema = z.object({
  mrr: z.array(
    z.object({
      /** A fiat code, or the asset's symbol. */
      currency: z.string().max(40),
      /** The asset for a plan priced in it; null for fiat. */
      assetId: z.string().max(200).nullable(),
      /** A decimal string in the currency's or asset's digits. */
      amount: z.string().max(100),
      subscriptions: z.number().int(),
    }),
  ),
})
export type Mrr = z.infer<typeof mrrSchema>['mrr']

/** A 30-day month, the intervals' own month (planIntervalSeconds). */
const monthSeconds = BigInt(planIntervalSeconds.month)
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b))
/** The least multiple of every interval: each plan's share is summed exactly and divided once. */
const commonSeconds = Object.values(planIntervalSeconds)
  .map(BigInt)
  .reduce((a, b) => (a / gcd(a, b)) * b, 1n)

export interface MrrInput {
  currency: string
  assetId: string | null
  decimals: number
  amount: string
  interval: PlanInterval
}

/**
 * MRR per currency: each subscription's price per period scaled to a 30-day month (a year's 1/12.17,
 * a week's 30/7), summed in atomic units as bigints and rounded half up once per currency.
 */
export function monthlyRecurringRevenue(items: readonly MrrInput[]): Mrr {
  const common = commonSeconds
  const sums = new Map<
    string,
    { currency: string; assetId: string | null; decimals: number; n: bigint; count: number }
  >()
  for (const item of items) {
    const key = `${item.assetId ?? ''}|${item.currency}`
    const sum = sums.get(key) ?? {
      currency: item.currency,
      assetId: item.assetId,
      decimals: item.decimals,
      n: 0n,
      count: 0,
    }
    sum.n += parseUnits(item.amount, item.decimals) * (common / BigInt(planIntervalSeconds[item.interval]))
    sum.count += 1
    sums.set(key, sum)
  }
  return [...sums.values()]
    .map((s) => ({
      currency: s.currency,
      assetId: s.assetId,
      amount: formatUnits((s.n * monthSeconds * 2n + common) / (common * 2n), s.decimals),
      subscriptions: s.count,
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency))
}
