import { z } from 'zod'
import { caipAssetIdSchema } from './caip.js'
import { fiatCurrencyCodes } from './fiat.js'
import { maxAmountLength, maxIdLength, maxTimestampLength } from './limits.js'
import {
  figureAssetShape,
  paymentSchema,
  paymentStatuses,
  resourceIdSchema,
  webhookEventSchema,
  webhookEventTypes,
  x402ResourceSchema,
} from './links.js'

/**
 * What a merchant's own systems read: the events feed, the payments CSV export and webhook
 * secret rotation.
 */

/** An opaque position in a list the API pages (`nextCursor`); only ever passed back as given. */
const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by this API')

/** A position in the events feed. */
export const eventCursorSchema = cursorSchema

/** A page size in a query string: a whole number from 1 to `max`. */
function pageLimitSchema(max: number) {
  return z
    .string()
    .max(4)
    .regex(/^\d+$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `must be from 1 to ${max}`).max(max, `must be from 1 to ${max}`))
}

export const maxEventFeedLimit = 500
export const defaultEventFeedLimit = 100

/** `GET /api/events?after=&limit=&type=&linkId=` */
export const eventFeedQuerySchema = z.strictObject({
  /** Omit to start at the merchant's first event. */
  after: eventCursorSchema.optional(),
  limit: pageLimitSchema(maxEventFeedLimit).optional(),
  /** Only events of this type (`order.paid`: every paid order). */
  type: z.enum(webhookEventTypes).optional(),
  /** Only events of this link and, for a reusable link, of its orders. */
  linkId: resourceIdSchema.optional(),
})
export type EventFeedQuery = z.infer<typeof eventFeedQuerySchema>

export const eventFeedSchema = z.object({
  /** Oldest first; each is the exact body a webhook delivery carries. */
  events: z.array(webhookEventSchema),
  /**
   * Pass as `after` to read on: the position after the last event here, or the `after` given when
   * there was nothing new; null only when the merchant has no events yet and no cursor was given.
   */
  nextCursor: eventCursorSchema.nullable(),
  /** More events wait past `nextCursor` right now. */
  hasMore: z.boolean(),
})
export type EventFeed = z.infer<typeof eventFeedSchema>

/** `POST /api/links/:id/webhook/rotate-secret` -> the new secret, shown only here. */
export const rotatedWebhookSecretSchema = z.object({
  webhookSecret: z.string().max(128),
  /** Until then deliveries carry a second signature made with the replaced secret. */
  previousSecretExpiresAt: z.string().max(maxTimestampLength),
})
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>

const isoInstant = z
  .string()
  .max(maxTimestampLength)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
    {
      message: 'must be a date (2025-01-31) or an ISO 8601 time with a zone (2025-01-31T12:00:00Z)',
    },
  )

/** `GET /api/payments.csv?from=&to=&status=`: payments created in [from, to), of one status. */
export const paymentsCsvQuerySchema = z
  .strictObject({
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    status: z.enum(paymentStatuses).optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'must be after from',
    path: ['to'],
  })
export type PaymentsCsvQuery = z.infer<typeof paymentsCsvQuerySchema>

/** The CSV's columns, in order (the header row). */
export const paymentsCsvColumns = [
  'payment_id',
  'link_id',
  'link_title',
  'network',
  'asset',
  'symbol',
  'amount',
  /** Fiat-priced links: the link's currency, the payment's worth at the quote it was judged against, and that quote's rate (fiat per whole unit). */
  'fiat_currency',
  'fiat_value',
  'rate',
  'payer',
  'transaction',
  'status',
  'reason',
  'confirmations',
  'required_confirmations',
  'late',
  'created_at',
  'detected_at',
  'confirmed_at',
  /** Sum of the refunds recorded for the payment, in the asset's units ("0" when none). */
  'refunded',
  /** The refunds' transaction ids, separated by spaces. */
  'refund_transactions',
  /** Orders (`link_id` is then the order): the reusable link it was made from, how many, and what the payer filled in. */
  'order_of',
  'quantity',
  'payer_name',
  'payer_email',
  'shipping_address',
  'payer_note',
] as const

/** A position in the payments list. */
export const paymentCursorSchema = cursorSchema

export const maxPaymentListLimit = 200
export const defaultPaymentListLimit = 50

/**
 * `GET /api/payments?status=&asset=&from=&to=&q=&after=&limit=`: the merchant's payments across
 * all links, newest first. `q` finds a link id, a payment id, a transaction id or a payer address
 * (whole, any case) or a word of the link's title.
 */
export const paymentListQuerySchema = z
  .strictObject({
    status: z.enum(paymentStatuses).optional(),
    asset: caipAssetIdSchema.optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    q: z.string().trim().min(1, 'must not be empty').max(200).optional(),
    after: paymentCursorSchema.optional(),
    limit: pageLimitSchema(maxPaymentListLimit).optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'must be after from',
    path: ['to'],
  })
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>

/**
 * A payment in the merchant's list: the payment, with its link's title and its asset's symbol.
 * `kind` "x402": settled through Paylink's x402 facilitator, for no link (`linkId` null, the title
 * is the resource's description or URL, and `x402` says which resource was paid for).
 */
export const listedPaymentSchema = paymentSchema.extend({
  linkId: z.string().max(maxIdLength).nullable(),
  /** The payment is to an order (`linkId`) of this reusable link, whose title `linkTitle` is; null otherwise. */
  orderOf: z.string().max(maxIdLength).nullable(),
  linkTitle: z.string().max(2048),
  symbol: z.string().max(16).nullable(),
  kind: z.enum(['link', 'x402']),
  x402: x402ResourceSchema.optional(),
})
export type ListedPayment = z.infer<typeof listedPaymentSchema>

/** What every total sums, as decimal strings in the total's units. */
const totalSumsShape = {
  /** Confirmed payments (late ones included). */
  confirmed: z.string().max(maxAmountLength),
  /** Detected, not yet confirmed. */
  confirming: z.string().max(maxAmountLength),
  /** How many payments the total counts (each total says which). */
  count: z.number().int(),
}

/**
 * Sums over every payment the filters match (not only the page), per asset, in its units; `count`
 * is the matching payments of this asset, whatever their status.
 */
export const paymentTotalSchema = z.object({
  ...figureAssetShape,
  ...totalSumsShape,
})
export type PaymentTotal = z.infer<typeof paymentTotalSchema>

/**
 * Sums in a fiat currency over the matched payments of links priced in it: each payment's worth
 * at the quote it was made under (as `quote.fiatValue` on the payment: rounded down to the
 * currency's minor unit), added exactly. Payments of fixed-amount links have no fiat worth and
 * are left out. The sums read "12.00" (no digits after the point for JPY); `count` is the confirmed
 * or confirming payments with a worth in this currency.
 */
export const paymentFiatTotalSchema = z.object({
  currency: z.enum(fiatCurrencyCodes),
  ...totalSumsShape,
})
export type PaymentFiatTotal = z.infer<typeof paymentFiatTotalSchema>

export const paymentListSchema = z.object({
  /** Newest first. */
  payments: z.array(listedPaymentSchema),
  /** Per asset, over everything the filters match; payments not yet matched to an asset are only counted in `matched`. */
  totals: z.array(paymentTotalSchema),
  /** Per fiat currency, over everything the filters match that was paid under a quote (fiat-priced links). */
  fiatTotals: z.array(paymentFiatTotalSchema),
  /** Every payment the filters match. */
  matched: z.number().int(),
  /** Pass as `after` (with the same filters) for the next, older page; null when there is none. */
  nextCursor: paymentCursorSchema.nullable(),
  hasMore: z.boolean(),
})
export type PaymentList = z.infer<typeof paymentListSchema>
