import type { CollectorConsentTerms } from '@paylink/chains/shapes'
import { z } from 'zod'

import { maxIdLength, maxTimestampLength } from './limits.js'
import { caipAssetIdSchema } from './caip.js'
import { fiatPriceSchema, linkOptionInputSchema, resourceIdSchema } from './links.js'
import { payerLanguageFieldSchema } from './merchantProfile.js'

/** How often a plan renews. A month is 30 days and a year 365: the collector contract counts seconds. */
export const planIntervals = ['day', 'week', 'month', 'year'] as const
export type PlanInterval = (typeof planIntervals)[number]

export const planIntervalSeconds: Record<PlanInterval, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
}

export const maxTrialDays = 365

/** `POST /api/plans`: priced like a link (a fiat `price`, or an amount per option). */
export const createPlanBodySchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    description: z.string().max(2000).optional(),
    price: fiatPriceSchema.optional(),
    options: z.array(linkOptionInputSchema).min(1).max(10),
    interval: z.enum(planIntervals),
    trialDays: z.number().int().min(0).max(maxTrialDays).optional(),
    /** Where the plan's events go (`subscription.*` and every period link's `link.*`), signed with the plan's secret. */
    webhookUrl: z.string().min(1).max(2048).optional(),
  })
  .superRefine((body, context) => {
    body.options.forEach((option, i) => {
      if (body.price && option.amount !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'amount'],
          message: 'must be left out when the plan has a price: it is quoted from the price',
        })
      if (!body.price && option.amount === undefined)
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'amount'],
          message: 'is required (or give the plan a price)',
        })
    })
  })
export type CreatePlanBody = z.infer<typeof createPlanBodySchema>

export const planSchema = z.object({
  id: z.string().max(maxIdLength),
  name: z.string().max(120),
  description: z.string().max(2000).nullable(),
  price: z.object({ currency: z.string().max(8), amount: z.string().max(40) }).nullable(),
  options: z.array(
    z.object({
      asset: z.string().max(200),
      amount: z.string().max(100).nullable(),
      recipient: z.string().max(512).nullable(),
    }),
  ),
  interval: z.enum(planIntervals),
  trialDays: z.number().int(),
  active: z.boolean(),
  /** The collector contract can renew from the payer's wallet: an EVM token option with a fixed amount. */
  automaticRenewal: z.boolean(),
  createdAt: z.string().max(maxTimestampLength),
})
export type Plan = z.infer<typeof planSchema>

/** The answer to `POST /api/plans`: the webhook secret is shown only here. */
export const createdPlanSchema = planSchema.extend({
  webhookUrl: z.string().max(2048).nullable(),
  webhookSecret: z.string().max(128).nullable(),
})
export type CreatedPlan = z.infer<typeof createdPlanSchema>

export const planListSchema = z.object({ plans: z.array(planSchema) })

export const planIdParamsSchema = z.strictObject({ id: resourceIdSchema })

export const renewalModes = ['pay_each_period', 'automatic'] as const
export type RenewalMode = (typeof renewalModes)[number]

/** incomplete: the first period is not paid yet. */
export const subscriptionStatuses = ['incomplete', 'trialing', 'active', 'past_due', 'canceled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

/** `POST /api/plans/:id/subscriptions` (public). */
export const subscribeBodySchema = z
  .strictObject({
    email: z.email().max(254),
    renewal: z.enum(renewalModes).optional(),
    /** Automatic renewal: the token the payer approves, and the wallet it is pulled from. */
    asset: caipAssetIdSchema.optional(),
    payerAddress: z.string().trim().max(128).optional(),
    /** Renewal and past-due e-mails are written in it. */
    language: payerLanguageFieldSchema,
  })
  .superRefine((body, context) => {
    if (body.renewal !== 'automatic') return
    if (!body.asset) context.addIssue({ code: 'custom', path: ['asset'], message: 'is required for automatic renewal' })
    if (!body.payerAddress)
      context.addIssue({ code: 'custom', path: ['payerAddress'], message: 'is required for automatic renewal' })
  })
export type SubscribeBody = z.infer<typeof subscribeBodySchema>

/** What the payer's wallet sends for automatic renewal. EVM: PaylinkCollector.subscribe(...) then token.approve(contract, cap); Solana: an SPL approve of `collector` as delegate of the payer's token account for `token`, up to a cap (`contract` is the token program). */
export const collectorTermsSchema = z.object({
  caipNetworkId: z.string().max(200),
  contract: z.string().max(64),
  /** bytes32: keccak256 of the subscription id. */
  id: z.string().max(66),
  token: z.string().max(64),
  merchant: z.string().max(64),
  collector: z.string().max(64),
  /** Atomic units: the most one renewal takes. */
  amount: z.string().max(80),
  intervalSeconds: z.number().int(),
  /** Unix seconds: the first renewal the contract allows. */
  firstCollectAt: z.number().int(),
}) satisfies z.ZodType<CollectorConsentTerms>
export type CollectorTerms = z.infer<typeof collectorTermsSchema>

export const subscriptionSchema = z.object({
  id: z.string().max(maxIdLength),
  planId: z.string().max(maxIdLength),
  status: z.enum(subscriptionStatuses),
  renewal: z.enum(renewalModes),
  /** The next renewal: null before the first payment. */
  currentPeriodEnd: z.string().max(maxTimestampLength).nullable(),
  paidPeriods: z.number().int(),
  /** The link that pays what is due now (the first period, or a renewal by link); null when nothing is due by link. */
  dueLinkId: z.string().max(maxIdLength).nullable(),
  collector: collectorTermsSchema.nullable(),
  createdAt: z.string().max(maxTimestampLength),
  canceledAt: z.string().max(maxTimestampLength).nullable(),
})
export type Subscription = z.infer<typeof subscriptionSchema>

/** The subscribe answer: the manage token is shown only here (and in the payer's e-mail). */
export const createdSubscriptionSchema = subscriptionSchema.extend({ manageToken: z.string().max(128) })
export type CreatedSubscription = z.infer<typeof createdSubscriptionSchema>

export const merchantSubscriptionSchema = subscriptionSchema.extend({ email: z.string().max(254) })
export const subscriptionListSchema = z.object({ subscriptions: z.array(merchantSubscriptionSchema) })

export const manageTokenQuerySchema = z.strictObject({ token: z.string().min(1).max(128) })
export const cancelSubscriptionBodySchema = z.strictObject({ token: z.string().min(1).max(128) })

/** The demo's `POST /devnet/clock`: moves the subscriptions' clock and the EVM devnets' time forward. */
export const devnetClockBodySchema = z.strictObject({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(400 * 86_400),
})
export const devnetClockSchema = z.object({ now: z.string().max(maxTimestampLength), offsetSeconds: z.number() })
