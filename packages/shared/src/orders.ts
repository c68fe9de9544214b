import { z } from 'zod'
import { fiatCurrencyCodes } from './fiat.js'
import { maxAmountLength, maxIdLength } from './limits.js'
import { isDecimalString } from '@paylink/chains/money'

const amountTextSchema = z.string().max(40).refine(isDecimalString, 'must be a decimal amount such as "12.5"')

/**
 * Reusable links and their orders: a reusable link is a product page many payers buy from; each
 * payer's checkout makes an order, a link of its own (own receiving details, quote, status).
 */

/** What a reusable link may ask the payer, each only when the merchant lists it. */
export const payerFieldNames = ['name', 'email', 'shippingAddress', 'note'] as const
export type PayerFieldName = (typeof payerFieldNames)[number]

/** Longest answer per field: a postal address and a note get room, a name and an e-mail address their usual most. */
export const payerFieldMaxLengths: Readonly<Record<PayerFieldName, number>> = {
  name: 200,
  email: 254,
  shippingAddress: 1000,
  note: 1000,
}

/** The most of one item an order may buy: quantity times price stays far below any amount cap. */
export const maxOrderQuantity = 10_000

/** The most orders a reusable link may be limited to (`maxOrders`). */
export const maxOrdersLimit = 1_000_000

export const quantityRangeSchema = z
  .strictObject({
    min: z.number().int().min(1).max(maxOrderQuantity),
    max: z.number().int().min(1).max(maxOrderQuantity),
  })
  .refine((range) => range.min <= range.max, { message: 'min must not be above max', path: ['max'] })
export type QuantityRange = z.infer<typeof quantityRangeSchema>

export const payerFieldSchema = z.strictObject({
  name: z.enum(payerFieldNames),
  /** The payer must fill it in (default false: offered, may be left empty). */
  required: z.boolean().optional(),
})
export type PayerField = z.infer<typeof payerFieldSchema>

export const payerFieldsSchema = z
  .array(payerFieldSchema)
  .max(payerFieldNames.length)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, 'names a field twice')

/**
 * A donation link (`amount: "payer"`): the payer types the amount, in `currency` when given (each
 * order is then quoted from it, like a fiat-priced link), else in the asset of the link's one option.
 */
export const donationSchema = z.strictObject({
  currency: z.enum(fiatCurrencyCodes).optional(),
  /** Below it an order is refused (400). */
  minimum: amountTextSchema.optional(),
  /** Amounts the checkout offers to pick with one press. */
  suggested: z.array(amountTextSchema).max(6).optional(),
})
export type Donation = z.infer<typeof donationSchema>

/** What a reusable link's checkout asks before it makes an order (stored with the link). */
export const orderFormSchema = z.strictObject({
  quantity: quantityRangeSchema.nullable(),
  fields: payerFieldsSchema,
  donation: donationSchema.nullable().optional(),
  /** A point of sale: shop devices with a POS token make its orders (createLinkBodySchema's `pos`). */
  pos: z.boolean().optional(),
})
export type OrderForm = z.infer<typeof orderFormSchema>

/** A payer's answers, each only for a field the link asks for. */
export const payerDetailsSchema = z.strictObject({
  name: z.string().trim().min(1).max(payerFieldMaxLengths.name).optional(),
  email: z.email().max(payerFieldMaxLengths.email).optional(),
  shippingAddress: z.string().trim().min(1).max(payerFieldMaxLengths.shippingAddress).optional(),
  note: z.string().trim().min(1).max(payerFieldMaxLengths.note).optional(),
})
export type PayerDetails = z.infer<typeof payerDetailsSchema>

/** `POST /api/links/:id/orders` (public, the payer): how many, and the fields the link asks for. */
export const createOrderBodySchema = z.strictObject({
  /** Within the link's quantity range; 1 when the link has none. */
  quantity: z.number().int().min(1).max(maxOrderQuantity).optional(),
  payer: payerDetailsSchema.optional(),
  /** Donation links only (and required there): in the link's donation currency, else in its asset. */
  amount: amountTextSchema.optional(),
})
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>

/** The reusable side of a link's public view (null on every other link). */
export const reusableViewSchema = z.object({
  maxOrders: z.number().int().nullable(),
  /** Orders still to be had under `maxOrders` (paid and open ones hold one each); null without a limit. */
  ordersLeft: z.number().int().nullable(),
  quantity: quantityRangeSchema.nullable(),
  fields: payerFieldsSchema,
  /** A donation link: the payer types the amount (see `donationSchema`); null when the link has a price. */
  donation: donationSchema.nullable(),
  /** Present (true) on a point of sale only: `/pos/:id` sells from it with a device token. */
  pos: z.literal(true).optional(),
})
export type ReusableView = z.infer<typeof reusableViewSchema>

/** The order side of a link's public view: which reusable link it was made from and how many it buys. */
export const orderViewSchema = z.object({
  linkId: z.string().max(maxIdLength),
  quantity: z.number().int(),
})
export type OrderView = z.infer<typeof orderViewSchema>

/** An order as webhooks carry it: the order (a link) id, its reusable link, and the payer's answers. */
export const orderEventSchema = z.object({
  id: z.string().max(maxIdLength),
  linkId: z.string().max(maxIdLength),
  quantity: z.number().int(),
  payer: payerDetailsSchema,
})
export type OrderEvent = z.infer<typeof orderEventSchema>

/** What a reusable link's orders add up to, per asset (confirmed and counted), and how many are in each state. */
export const orderTotalsSchema = z.object({
  orders: z.number().int(),
  paid: z.number().int(),
  open: z.number().int(),
  expired: z.number().int(),
  received: z.array(
    z.object({
      asset: z.string().max(200),
      symbol: z.string().max(16),
      amount: z.string().max(maxAmountLength),
    }),
  ),
})
export type OrderTotals = z.infer<typeof orderTotalsSchema>
