import { z } from 'zod'
import { caipAssetIdSchema } from './caip.js'
import { decimalAmountSchema, resourceIdSchema } from './links.js'

/**
 * Paid URLs: a merchant's pay-per-request resource that Paylink serves at /x402/r/<id> over x402,
 * answering a paid request with a target URL's response or a small static text.
 */

/** What a static text may be served as: text only, never HTML, since it is served from Paylink's own origin. */
export const paidUrlContentTypes = ['text/plain', 'text/markdown', 'text/csv', 'application/json'] as const
/** The largest static text, in UTF-8 bytes. */
export const maxPaidUrlContentBytes = 32 * 1024

export const createPaidUrlBodySchema = z
  .strictObject({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).optional(),
    /** A configured token on a network Paylink's x402 facilitator settles on. */
    asset: caipAssetIdSchema,
    /** In the asset's units, above zero. */
    amount: decimalAmountSchema,
    /** Where the payment goes; defaults to the merchant's own account on that network's family. */
    payTo: z.string().trim().min(1).max(128).optional(),
    /** Fetched by Paylink on each paid request (the same address rules as a webhook URL). */
    targetUrl: z.string().trim().min(1).max(2048).optional(),
    /** Or a static text answered to each paid request. */
    content: z
      .strictObject({ type: z.enum(paidUrlContentTypes), text: z.string().min(1).max(maxPaidUrlContentBytes) })
      .optional(),
  })
  .refine((body) => (body.targetUrl === undefined) !== (body.content === undefined), {
    message: 'give either targetUrl or content, not both and not neither',
    path: ['targetUrl'],
  })
export type CreatePaidUrlBody = z.infer<typeof createPaidUrlBodySchema>

export const paidUrlSchema = z.object({
  id: resourceIdSchema,
  /** Where payers request it. */
  url: z.string().max(2048),
  title: z.string().max(120),
  description: z.string().max(1000).nullable(),
  caipNetworkId: z.string().max(200),
  asset: z.string().max(300),
  symbol: z.string().max(16),
  /** In the asset's units. */
  amount: z.string().max(100),
  payTo: z.string().max(128),
  targetUrl: z.string().max(2048).nullable(),
  /** The static text's type and size, when it answers with one. */
  content: z.object({ type: z.string().max(64), bytes: z.number().int() }).nullable(),
  disabled: z.boolean(),
  createdAt: z.string().max(40),
})
export type PaidUrl = z.infer<typeof paidUrlSchema>

export const paidUrlListSchema = z.object({ paidUrls: z.array(paidUrlSchema) })
export const paidUrlParamsSchema = z.strictObject({ id: resourceIdSchema })
export const setPaidUrlDisabledBodySchema = z.strictObject({ disabled: z.boolean() })
