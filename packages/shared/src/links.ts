import { z } from 'zod'
import type { ChainLinkOption } from '@paylink/chains/shapes'
import { chainCoreOf, chainCores, chainNamespaces, isChainNamespace } from '@paylink/chains/core'
import { publicMerchantSchema } from './merchantProfile.js'
import { caipAssetIdSchema, caipNetworkIdSchema } from './caip.js'
import type { Asset } from './config.js'
import { maxAddressLength, maxAmountLength, maxIdLength, maxTimestampLength } from './limits.js'
import { fiatCurrencies, fiatCurrencyCodes } from './fiat.js'
import { formatUnits, isDecimalString, parseUnits } from '@paylink/chains/money'
import { givenRefundAddressSchema } from './refundAddress.js'
import { unmatchedPaymentSchema } from './unmatched.js'
import {
  donationSchema,
  maxOrdersLimit,
  orderEventSchema,
  orderTotalsSchema,
  orderViewSchema,
  payerDetailsSchema,
  payerFieldsSchema,
  quantityRangeSchema,
  reusableViewSchema,
} from './orders.js'

/**
 * Payment links, payments, webhook deliveries and API keys: every body of those routes.
 * Amounts are decimal strings in asset units ("12.5"); timestamps are ISO 8601 strings.
 */

export const linkStatuses = ['open', 'partially_paid', 'paid', 'expired'] as const
export type LinkStatus = (typeof linkStatuses)[number]

/**
 * pending: submitted, not (or no longer) in a block. confirming: in a block, matches an option,
 * fewer confirmations than required. confirmed: counted. failed: never was a valid payment
 * (see `reason`). reverted: was detected, then the chain took it back.
 */
export const paymentStatuses = ['pending', 'confirming', 'confirmed', 'failed', 'reverted'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** Why a payment is failed, reverted, or back to pending. */
export const paymentReasons = [
  'wrong_network',
  'tx_not_found',
  'tx_reverted',
  'wrong_recipient',
  'wrong_token',
  'no_transfer',
  'already_credited',
  'reorged_out',
  'dropped',
] as const
export type PaymentReason = (typeof paymentReasons)[number]

export const webhookEventTypes = [
  'payment.detected',
  'payment.confirmed',
  'payment.reverted',
  'payment.refunded',
  'payment.unmatched',
  'payment.x402',
  'link.paid',
  'order.paid',
  'link.underpaid',
  'link.expired',
  'subscription.created',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
] as const
export type WebhookEventType = (typeof webhookEventTypes)[number]

export const decimalAmountSchema = z.string().max(90).refine(isDecimalString, 'must be a decimal amount such as "12.5"')

/** An EVM address by shape; `recipientProblem` checks its EIP-55 checksum where one pays it. */
export const evmAddressSchema = chainCores.eip155.addressSchema
/** An EVM transaction hash: 0x and 32 bytes in hex. */
export const txHashSchema = chainCores.eip155.transactionIdSchema
/** A Solana transaction signature: 64 bytes in base58 (87 or 88 characters, fewer with leading zeros). */
export const solanaSignatureSchema = chainCores.solana.transactionIdSchema
/** A Bitcoin transaction id: 32 bytes in hex, as explorers and Esplora write it. */
export const bitcoinTxidSchema = chainCores.bip122.transactionIdSchema

/** Longest transaction id of any namespace (a Solana signature). */
export const maxTransactionIdLength = 88

/** The transaction id format of each CAIP-2 namespace the tracker follows. */
export const transactionIdSchemas: Readonly<Record<string, z.ZodType<string>>> = Object.fromEntries(
  chainNamespaces.map((namespace) => [namespace, chainCores[namespace].transactionIdSchema]),
)

/** Our random ids: a short prefix and base64url (`lnk_…`, `pay_…`, `whd_…`, `key_…`). */
export const resourceIdSchema = z
  .string()
  .min(5)
  .max(40)
  .regex(/^[a-z]{2,4}_[A-Za-z0-9_-]+$/, 'must be an id')

/**
 * Why a recipient cannot be paid, per namespace, as the form and the API both check it: its
 * shape, its checksum (a mistyped EIP-55 or bech32 address is refused, never re-cased), a Solana
 * wallet on the curve and, given the network, a Bitcoin address of that network (see
 * `ChainCore.recipientProblem`). Null for a namespace no family knows.
 */
export function recipientProblem(namespace: string, recipient: string, caipNetworkId?: string): string | null {
  return isChainNamespace(namespace) ? chainCores[namespace].recipientProblem(recipient, caipNetworkId) : null
}

/**
 * Why `atomic` units of `asset` are more than its chain can carry in one transfer (a link asking
 * for them could never be paid), or null. The cap is written out where it is short enough to read.
 */
export function amountCapProblem(asset: Pick<Asset, 'assetId' | 'decimals' | 'symbol'>, atomic: bigint): string | null {
  const core = chainCoreOf(asset.assetId)
  const cap = core?.amountCap.atomic ?? 2n ** 256n - 1n
  if (atomic <= cap) return null
  const most = formatUnits(cap, asset.decimals)
  const why = core?.amountCap.why ?? 'an amount is at most a 256-bit integer of the smallest unit'
  return most.length <= 24 ? `is too large: at most ${most} ${asset.symbol} (${why})` : `is too large (${why})`
}

/** Room for a Bitcoin output descriptor with its key origin and checksum. */
export const maxRecipientInputLength = 512

export const linkOptionInputSchema = z.strictObject({
  asset: caipAssetIdSchema,
  /** In the asset's units; omitted when the link has a fiat `price` (the amount is then quoted). */
  amount: decimalAmountSchema.optional(),
  /**
   * Defaults to the merchant's account on the option's namespace. Checked per namespace by the
   * server: an EVM or Solana address; on Bitcoin also a watch-only extended key or descriptor.
   */
  recipient: z.string().trim().min(1).max(maxRecipientInputLength).optional(),
})

export const maxLinkExpirySeconds = 365 * 24 * 3600

/**
 * Where the checkout sends the payer after Paid: an absolute http(s) URL without credentials. No
 * address rule as for webhooks: the payer's browser goes there, not the server.
 */
export const successUrlSchema = z
  .string()
  .min(1)
  .max(2048)
  .refine((value) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return false
    }
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname) && !url.username && !url.password
    )
  }, 'must be an absolute http or https URL without credentials')

/** A price in an ISO 4217 currency; at most the currency's minor-unit digits (none for JPY), above zero. */
export const fiatPriceSchema = z
  .strictObject({
    currency: z.enum(fiatCurrencyCodes),
    amount: decimalAmountSchema,
  })
  .superRefine((price, context) => {
    let minor: bigint
    try {
      minor = parseUnits(price.amount, fiatCurrencies[price.currency])
    } catch {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `${price.currency} has ${fiatCurrencies[price.currency]} decimal places; "${price.amount}" has more`,
      })
      return
    }
    if (minor <= 0n) context.addIssue({ code: 'custom', path: ['amount'], message: 'must be more than 0' })
    if (price.amount.length > 30) context.addIssue({ code: 'custom', path: ['amount'], message: 'is too large' })
  })
export type FiatPrice = z.infer<typeof fiatPriceSchema>

/** A percentage from 0 to 10 with at most two decimals ("0.5"). */
export const tolerancePercentSchema = z
  .string()
  .max(5)
  .refine(
    (value) => /^\d{1,2}(\.\d{1,2})?$/.test(value) && parseUnits(value, 2) <= 1000n,
    'must be a percentage from 0 to 10 with at most 2 decimals, such as "1" or "0.5"',
  )

export const maxLateGraceSeconds = 30 * 24 * 3600

/** `POST /api/links`, without the per-asset checks (see `createLinkBodySchemaFor`). */
export const createLinkBodySchema = z
  .strictObject({
    title: z.string().trim().min(1).max(120),
    description: z.string().max(2000).optional(),
    /** Price the link in a fiat currency: each option is then quoted when a payer opens the checkout. */
    price: fiatPriceSchema.optional(),
    options: z.array(linkOptionInputSchema).min(1).max(10),
    expiresInSeconds: z.number().int().min(1).max(maxLinkExpirySeconds).optional(),
    webhookUrl: z.string().min(1).max(2048).optional(),
    successUrl: successUrlSchema.optional(),
    /** False: the checkout offers the payer no emailed receipt for this link (default true, where the instance sends email). */
    receiptEmail: z.boolean().optional(),
    /** A payment short by at most this share of the price still pays the link (default "0"). */
    underpaymentTolerancePercent: tolerancePercentSchema.optional(),
    /** Payments mined at most this long after expiry still count (default: the server's LATE_PAYMENT_GRACE_SECONDS). */
    latePaymentGraceSeconds: z.number().int().min(0).max(maxLateGraceSeconds).optional(),
    /** Many payers buy from it: each checkout makes an order of its own (see orders.ts); the link itself is never paid. */
    reusable: z.boolean().optional(),
    /** Reusable links: the most orders paid or still open at once (stock); beyond it new orders are refused. */
    maxOrders: z.number().int().min(1).max(maxOrdersLimit).optional(),
    /** Reusable links: the payer picks how many (each option's amount, or the price, times that). */
    quantity: quantityRangeSchema.optional(),
    /** Reusable links: what the checkout asks the payer; only these are collected. */
    fields: payerFieldsSchema.optional(),
    /** "payer": a donation link, the payer types the amount (reusable only; the options then name no amount). */
    amount: z.literal('payer').optional(),
    /** Donation links: the currency the payer types in (else the asset of the one option), a minimum, suggested amounts. */
    donation: donationSchema.optional(),
    /**
     * A point of sale (`/pos/:id`): a donation link priced in a fiat currency whose orders a shop
     * device makes with a POS device token (see pos.ts), the cashier typing each sale's amount.
     */
    pos: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.pos && (body.amount !== 'payer' || !body.donation?.currency))
      context.addIssue({
        code: 'custom',
        path: ['pos'],
        message: 'needs "amount": "payer" and a "donation.currency" (the cashier types each sale in it)',
      })
    if (body.amount === 'payer') {
      if (body.reusable !== true)
        context.addIssue({ code: 'custom', path: ['amount'], message: 'needs "reusable": true' })
      if (body.price)
        context.addIssue({ code: 'custom', path: ['price'], message: 'must be left out of a donation link' })
      if (body.quantity)
        context.addIssue({ code: 'custom', path: ['quantity'], message: 'must be left out of a donation link' })
      if (!body.donation?.currency && body.options.length > 1)
        context.addIssue({
          code: 'custom',
          path: ['donation', 'currency'],
          message: 'is required when a donation link offers more than one asset (the payer types one amount)',
        })
    } else if (body.donation) {
      context.addIssue({ code: 'custom', path: ['donation'], message: 'needs "amount": "payer"' })
    }
    for (const key of ['maxOrders', 'quantity', 'fields'] as const) {
      if (body[key] !== undefined && body.reusable !== true)
        context.addIssue({ code: 'custom', path: [key], message: 'needs "reusable": true' })
    }
    body.options.forEach((option, i) => {
      if (body.price && option.amount !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'amount'],
          message: 'must be left out when the link has a price: it is quoted from the price',
        })
      }
      if (body.amount === 'payer' && option.amount !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'amount'],
          message: 'must be left out of a donation link: the payer types it',
        })
      }
      if (!body.price && body.amount !== 'payer' && option.amount === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'amount'],
          message: 'is required (or give the link a price)',
        })
      }
    })
  })
export type CreateLinkBody = z.infer<typeof createLinkBodySchema>

/**
 * The create-link body checked against the configured assets: every option's asset must be
 * configured, its amount above zero with no more decimals than the asset has. The web form
 * and the server use the same checks, so an error names the same field in both.
 */
export function createLinkBodySchemaFor(assets: ReadonlyArray<Pick<Asset, 'assetId' | 'decimals' | 'symbol'>>) {
  const byId = new Map(assets.map((asset) => [asset.assetId.toLowerCase(), asset]))
  return createLinkBodySchema.superRefine((body, context) => {
    body.options.forEach((option, i) => {
      const asset = byId.get(option.asset.toLowerCase())
      if (!asset) {
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'asset'],
          message: `"${option.asset}" is not a configured asset`,
        })
        return
      }
      if (option.amount === undefined) return
      let atomic: bigint
      try {
        atomic = parseUnits(option.amount, asset.decimals)
      } catch {
        context.addIssue({
          code: 'custom',
          path: ['options', i, 'amount'],
          message: `${asset.symbol} has ${asset.decimals} decimal places; "${option.amount}" has more`,
        })
        return
      }
      if (atomic <= 0n)
        context.addIssue({ code: 'custom', path: ['options', i, 'amount'], message: 'must be more than 0' })
      const tooLarge = amountCapProblem(asset, atomic)
      if (tooLarge) context.addIssue({ code: 'custom', path: ['options', i, 'amount'], message: tooLarge })
    })
    body.options.forEach((option, i) => {
      const asset = byId.get(option.asset.toLowerCase())
      if (!asset || option.recipient === undefined) return
      const network = asset.assetId.split('/')[0]!
      const problem = recipientProblem(network.split(':')[0]!, option.recipient, network)
      if (problem) context.addIssue({ code: 'custom', path: ['options', i, 'recipient'], message: problem })
    })
    const seen = new Set<string>()
    body.options.forEach((option, i) => {
      const key = option.asset.toLowerCase()
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: ['options', i, 'asset'], message: 'is offered twice' })
      seen.add(key)
    })
  })
}

/** The asset a figure is in, as the API names it beside the figure: its id and network, and how to show it. */
export const figureAssetShape = {
  asset: caipAssetIdSchema,
  caipNetworkId: caipNetworkIdSchema,
  symbol: z.string().max(16),
  decimals: z.number().int(),
}

export const linkOptionSchema = z.object({
  id: z.string().max(maxIdLength),
  ...figureAssetShape,
  /** In the asset's units. On a fiat-priced link: the quote's amount for the whole price, null when no quote could be made (see `quoteProblem`). */
  amount: z.string().max(maxAmountLength).nullable(),
  /** Fiat-priced links: fiat units per one whole unit of the asset (up to 18 decimals); null otherwise. */
  rate: z.string().max(maxAmountLength).nullable(),
  /** Where the rate came from: "median of coinbase, kraken, bitstamp", "peg", "devnet fixed table"; null when not quoted. */
  rateSource: z.string().max(200).nullable(),
  /** Until when the checkout offers this quote; a payment first seen by then is judged against it, whenever it confirms. */
  quoteExpiresAt: z.string().max(maxTimestampLength).nullable(),
  /** Why a fiat-priced option has no amount now, in a sentence for the payer (e.g. too few rate sources answered). */
  quoteProblem: z.string().max(500).nullable(),
  /** Still to pay in this asset for the link to be paid (after what is paid and on its way); null when unknown (no quote). */
  due: z.string().max(maxAmountLength).nullable(),
  /** An address, or on Bitcoin the watch-only key's descriptor (a tpub's `wpkh(...)#checksum` is over 128 characters). */
  recipient: z.string().max(maxRecipientInputLength),
  /**
   * Where a payer who cannot connect a wallet sends this option's payment, when it is not
   * `recipient` itself: the link's own EVM deposit (forwarder) address, or its Bitcoin address.
   */
  depositAddress: z.string().max(maxAddressLength).nullable(),
  /**
   * A URI any wallet understands for exactly this payment (EIP-681, Solana Pay, BIP21), shown as
   * the "Scan to pay" QR; null where the server cannot attribute a payment made without connecting.
   */
  paymentUri: z.string().max(2048).nullable(),
  /** Confirmed before expiry. */
  paid: z.string().max(maxAmountLength),
  /** Detected, not yet confirmed. */
  confirming: z.string().max(maxAmountLength),
  /** paid beyond amount ("0" when not over). */
  overpaid: z.string().max(maxAmountLength),
  /** What a link paid within its underpayment tolerance lacks ("0" otherwise). */
  shortfall: z.string().max(maxAmountLength),
  /** Confirmed but mined after the link expired (not counted toward the status). */
  late: z.string().max(maxAmountLength),
}) satisfies z.ZodType<ChainLinkOption>
export type LinkOption = z.infer<typeof linkOptionSchema>

/**
 * Money the merchant sent back to the payer from its own wallet, recorded once the server read the
 * transaction on chain and checked its sender (the option's recipient), recipient (the payer, or
 * on Bitcoin the address the merchant gave), asset and amount.
 */
export const refundSchema = z.object({
  id: z.string().max(maxIdLength),
  paymentId: z.string().max(maxIdLength),
  caipNetworkId: caipNetworkIdSchema,
  txHash: z.string().max(maxTransactionIdLength),
  /** In the payment's asset units. */
  amount: z.string().max(maxAmountLength),
  asset: caipAssetIdSchema,
  sender: z.string().max(maxAddressLength),
  recipient: z.string().max(maxAddressLength),
  blockNumber: z.string().max(maxAmountLength),
  createdAt: z.string().max(maxTimestampLength),
})
export type Refund = z.infer<typeof refundSchema>

export const paymentSchema = z.object({
  id: z.string().max(maxIdLength),
  linkId: z.string().max(maxIdLength),
  caipNetworkId: caipNetworkIdSchema,
  /** The transaction id in its chain's own form (EVM hash lowercase, Solana signature, Bitcoin txid). */
  txHash: z.string().max(maxTransactionIdLength),
  status: z.enum(paymentStatuses),
  reason: z.enum(paymentReasons).nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** Decimal in the asset's units; null until detected. */
  amount: z.string().max(maxAmountLength).nullable(),
  asset: caipAssetIdSchema.nullable(),
  optionId: z.string().max(maxIdLength).nullable(),
  payer: z.string().max(maxAddressLength).nullable(),
  blockNumber: z.string().max(maxAmountLength).nullable(),
  /** Mined after the link's expiry. */
  late: z.boolean(),
  /** Counted toward the link's status: confirmed, and on time or late within the link's grace window. */
  counted: z.boolean(),
  /** Fiat-priced links: the quote the payment is judged against (the one offered when it was first seen) and its worth there. */
  quote: z
    .object({
      currency: z.enum(fiatCurrencyCodes),
      rate: z.string().max(maxAmountLength),
      rateSource: z.string().max(200),
      /** amount x rate, rounded down to the currency's minor unit; null until the amount is known. */
      fiatValue: z.string().max(maxAmountLength).nullable(),
      expiresAt: z.string().max(maxTimestampLength),
    })
    .nullable(),
  /** Refunds recorded for this payment, oldest first. */
  refunds: z.array(refundSchema).max(100),
  /** Their sum in the asset's units ("0" when none); never above `amount`. */
  refunded: z.string().max(maxAmountLength),
  /** Bitcoin: the refund address the payer gave on the refund page, signed (BIP-322) by one of the transaction's input addresses; null when none. */
  refundAddress: givenRefundAddressSchema.nullable(),
  createdAt: z.string().max(maxTimestampLength),
  updatedAt: z.string().max(maxTimestampLength),
  detectedAt: z.string().max(maxTimestampLength).nullable(),
  confirmedAt: z.string().max(maxTimestampLength).nullable(),
})
export type Payment = z.infer<typeof paymentSchema>

/** What anyone with the link sees (`GET /api/links/:id`, and each server-sent event). */
export const linkSchema = z.object({
  id: z.string().max(maxIdLength),
  title: z.string().max(120),
  description: z.string().max(2000).nullable(),
  merchantAddress: z.string().max(maxAddressLength),
  status: z.enum(linkStatuses),
  expiresAt: z.string().max(maxTimestampLength).nullable(),
  createdAt: z.string().max(maxTimestampLength),
  paidAt: z.string().max(maxTimestampLength).nullable(),
  /**
   * Set while the merchant has switched the link off: it accepts no new payment (the checkout says
   * so and offers no way to pay); payments already sent are still followed and counted.
   */
  deactivatedAt: z.string().max(maxTimestampLength).nullable(),
  /** Bumped on every change of the link or one of its payments. */
  version: z.number().int(),
  options: z.array(linkOptionSchema),
  payments: z.array(paymentSchema),
  /** The merchant's page the checkout offers after Paid (with `paylink_link_id` added); null: none. */
  successUrl: z.string().max(2048).nullable(),
  /** False: the merchant turned the emailed receipt off for this link (the checkout does not offer it). */
  receiptEmail: z.boolean(),
  /** The fiat price; null for a link priced in each option's asset. */
  price: z.object({ currency: z.enum(fiatCurrencyCodes), amount: z.string().max(maxAmountLength) }).nullable(),
  /** Fiat-priced links, in the price's currency: counted so far (at each payment's quote), still due, and the shortfall or excess once paid. */
  fiat: z
    .object({
      paid: z.string().max(maxAmountLength),
      due: z.string().max(maxAmountLength),
      shortfall: z.string().max(maxAmountLength),
      overpaid: z.string().max(maxAmountLength),
    })
    .nullable(),
  underpaymentTolerancePercent: z.string().max(5),
  /** Payments mined up to this long after expiry count toward the status; 0: late payments are recorded only. */
  latePaymentGraceSeconds: z.number().int(),
  /** The merchant's public profile (name, logo, colour); nulls where the merchant set none. */
  merchant: publicMerchantSchema,
  /** True once the merchant's server accepted the link.paid webhook (2xx): only then does the checkout say the merchant was notified. */
  merchantNotified: z.boolean(),
  /** `PL-XXXX-XXXX`: the same for the link forever, printed on its receipt. */
  receiptNumber: z.string().max(16),
  /** A reusable link (never paid itself: POST /api/links/:id/orders makes an order to pay); null otherwise. */
  reusable: reusableViewSchema.nullable(),
  /** An order: the reusable link it was made from and its quantity; null otherwise. */
  order: orderViewSchema.nullable(),
})
export type Link = z.infer<typeof linkSchema>

/** `GET /api/links/:id/orders` (merchant): the reusable link's orders, newest first, with the payer's answers, and their totals. */
export const orderListSchema = z.object({
  orders: z.array(linkSchema.omit({ payments: true }).extend({ payer: payerDetailsSchema })),
  totals: orderTotalsSchema,
})
export type OrderList = z.infer<typeof orderListSchema>

/** The merchant's view adds the webhook URL. */
export const merchantLinkSchema = linkSchema.extend({ webhookUrl: z.string().max(2048).nullable() })
export type MerchantLink = z.infer<typeof merchantLinkSchema>

/** `POST /api/links` -> 201: the only time the webhook secret is shown. */
export const createdLinkSchema = merchantLinkSchema.extend({
  webhookSecret: z.string().max(128).nullable(),
  /** Things the caller should know (e.g. a plain Bitcoin address whose payments cannot be told apart); absent when none. */
  warnings: z.array(z.string().max(500)).max(10).optional(),
})
export type CreatedLink = z.infer<typeof createdLinkSchema>

export const linkListSchema = z.object({ links: z.array(merchantLinkSchema.omit({ payments: true })) })
export type LinkList = z.infer<typeof linkListSchema>

export const linkIdParamsSchema = z.strictObject({ id: resourceIdSchema })

export const createPaymentBodySchema = z
  .strictObject({
    caipNetworkId: caipNetworkIdSchema,
    /** In the network's own format (see `transactionIdSchemas`). */
    txHash: z.string().min(1).max(maxTransactionIdLength),
  })
  .superRefine((body, context) => {
    const schema = transactionIdSchemas[body.caipNetworkId.split(':')[0]!]
    if (!schema) return
    const checked = schema.safeParse(body.txHash)
    if (!checked.success)
      context.addIssue({
        code: 'custom',
        path: ['txHash'],
        message: checked.error.issues[0]?.message ?? 'is not a transaction id',
      })
  })
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>

export const paymentIdParamsSchema = z.strictObject({ id: resourceIdSchema })

/**
 * `POST /api/payments/:id/refunds`: the transaction the merchant's wallet sent. `refundAddress`
 * only on Bitcoin, where a payment has no single sender address to send back to.
 */
export const createRefundBodySchema = z.strictObject({
  txHash: z.string().min(1).max(maxTransactionIdLength),
  refundAddress: z.string().trim().min(1).max(maxAddressLength).optional(),
})
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>

/** `POST /api/payments/:id/refunds` -> the refund recorded and the payment with all its refunds. */
export const recordedRefundSchema = z.object({ refund: refundSchema, payment: paymentSchema })
export type RecordedRefund = z.infer<typeof recordedRefundSchema>

/** `POST /api/payments/:id/refund-address` -> the payment with the refund address the payer gave. */
export const givenRefundAddressResponseSchema = z.object({ payment: paymentSchema })
export type GivenRefundAddressResponse = z.infer<typeof givenRefundAddressResponseSchema>

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const

export const webhookDeliverySchema = z.object({
  id: z.string().max(maxIdLength),
  eventId: z.string().max(maxIdLength),
  type: z.enum(webhookEventTypes),
  /** pending: will be tried (again) at nextAttemptAt; failed: gave up (redeliver to try again). */
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().max(1000).nullable(),
  nextAttemptAt: z.string().max(maxTimestampLength).nullable(),
  createdAt: z.string().max(maxTimestampLength),
  deliveredAt: z.string().max(maxTimestampLength).nullable(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryListSchema = z.object({
  webhookUrl: z.string().max(2048).nullable(),
  deliveries: z.array(webhookDeliverySchema),
})
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>

export const redeliverParamsSchema = z.strictObject({ id: resourceIdSchema, deliveryId: resourceIdSchema })

/** `PATCH /api/links/:id/webhook`: a new URL, or null to stop sending events. */
export const updateWebhookBodySchema = z.strictObject({ webhookUrl: z.string().min(1).max(2048).nullable() })
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>

/** The answer: the secret only when this change gave the link its first one (shown once). */
export const webhookSettingsSchema = z.object({
  webhookUrl: z.string().max(2048).nullable(),
  webhookSecret: z.string().max(128).nullable(),
})
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>

/** Which resource an x402 payment paid for, as the client's payment named it. */
export const x402ResourceSchema = z.object({
  resourceUrl: z.string().max(2048).nullable(),
  description: z.string().max(1000).nullable(),
})

/** A subscription as its events carry it (subscriptions.ts has the full views). */
export const subscriptionEventDataSchema = z.object({
  id: z.string().max(maxIdLength),
  planId: z.string().max(maxIdLength),
  status: z.string().max(16),
  renewal: z.string().max(32),
  paidPeriods: z.number().int(),
  currentPeriodEnd: z.string().max(maxTimestampLength).nullable(),
  /** `subscription.renewed` by the collector contract: the pull's transaction. */
  txHash: z.string().max(128).nullable(),
  /** The link that pays what is due, when one does (`subscription.past_due`: the renewal link). */
  dueLinkId: z.string().max(maxIdLength).nullable(),
})

/** The JSON body POSTed to a link's webhook URL. */
export const webhookEventSchema = z.object({
  id: z.string().max(maxIdLength),
  type: z.enum(webhookEventTypes),
  createdAt: z.string().max(maxTimestampLength),
  data: z.object({
    /** Null for `payment.unmatched` of a transfer that reached no link's option, and for `payment.x402`. */
    link: linkSchema.omit({ payments: true }).nullable(),
    payment: paymentSchema.nullable(),
    /** Events of an order (a link made from a reusable link): the order, its link and the payer's answers. */
    order: orderEventSchema.optional(),
    /** `payment.unmatched` only. */
    unmatchedPayment: unmatchedPaymentSchema.optional(),
    /** `payment.x402` only: the settled payment (of no link) and the resource it paid for. */
    x402Payment: paymentSchema.extend({ linkId: z.null() }).extend(x402ResourceSchema.shape).optional(),
    /** `subscription.*` only. */
    subscription: subscriptionEventDataSchema.optional(),
  }),
})
export type WebhookEvent = z.infer<typeof webhookEventSchema>

export const createApiKeyBodySchema = z.strictObject({ name: z.string().trim().min(1).max(64) })

export const apiKeySchema = z.object({
  id: z.string().max(maxIdLength),
  name: z.string().max(64),
  /** The token's first characters, to tell keys apart. */
  prefix: z.string().max(32),
  createdAt: z.string().max(maxTimestampLength),
  lastUsedAt: z.string().max(maxTimestampLength).nullable(),
})
export type ApiKey = z.infer<typeof apiKeySchema>

/** `POST /api/keys` -> 201: the only time the token is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ token: z.string().max(128) })
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) })
export const apiKeyIdParamsSchema = z.strictObject({ id: resourceIdSchema })

/**
 * `POST /api/links/:id/webhook/test` -> what the receiver answered to a signed `webhook.test`
 * event (sent once, now, not queued or retried, and not in the events feed).
 */
export const webhookTestResultSchema = z.object({
  eventId: z.string().max(maxIdLength),
  type: z.literal('webhook.test'),
  url: z.string().max(2048),
  /** The receiver answered 2xx within the time allowed. */
  delivered: z.boolean(),
  statusCode: z.number().int().nullable(),
  /** Why not, in words (refused URL, no answer, HTTP status); null when delivered. */
  error: z.string().max(1000).nullable(),
  durationMs: z.number().int(),
})
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>

/** Demo only: `POST /devnet/demo-link`, a fresh link of the demo shop for a visitor to pay. */
export const demoLinkSchema = z.object({
  id: z.string().max(64),
  /** Origin-relative: `/pay/<id>`. */
  payPath: z.string().max(100),
})
export type DemoLink = z.infer<typeof demoLinkSchema>
