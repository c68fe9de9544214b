import {
  formatRate,
  formatUnits,
  type FiatCurrency,
  type Link,
  type LinkOption,
  type Payment,
  type PaymentReason,
  type PaymentStatus,
  type PublicMerchant,
  type Refund,
} from '@paylink/shared'
import { chainCoreOf } from '@paylink/chains/core'
import type { LinkOptionRow, LinkQuoteRow, LinkRow, PaymentRow, RefundRow } from '../db/rows.js'
import { assessLink, fiatText, presentedStatus, type OptionAssessment, type PaymentAssessment } from './linkStatus.js'
import { receiptNumberOfLink } from './receiptNumberOfLink.js'
import type { LinkRows } from './loadLinkRows.js'

/** The API's view of a link and its payments, built from the rows (amounts as decimal strings). */
export function toPaymentView(
  payment: PaymentRow,
  option: LinkOptionRow | undefined,
  assessed: PaymentAssessment = { counted: false, quote: null, fiatValue: null },
  currency: FiatCurrency | null = null,
  refunds: readonly RefundRow[] = [],
): Payment {
  const own = refunds.filter((refund) => refund.paymentId === payment.id)
  return {
    id: payment.id,
    linkId: payment.linkId,
    caipNetworkId: payment.caipNetworkId,
    txHash: payment.txHash,
    status: payment.status as PaymentStatus,
    reason: (payment.reason as PaymentReason | null) ?? null,
    confirmations: payment.confirmations,
    requiredConfirmations: payment.requiredConfirmations,
    amount: payment.amount !== null && option ? formatUnits(BigInt(payment.amount), option.decimals) : null,
    asset: option?.assetId ?? null,
    optionId: payment.optionId,
    payer: payment.payer,
    blockNumber: payment.blockNumber?.toString() ?? null,
    late: payment.late,
    counted: assessed.counted,
    quote:
      assessed.quote?.rate && currency
        ? {
            currency,
            rate: formatRate(BigInt(assessed.quote.rate)),
            rateSource: assessed.quote.rateSource ?? '',
            fiatValue: assessed.fiatValue === null ? null : fiatText(assessed.fiatValue, currency, 'down'),
            expiresAt: assessed.quote.expiresAt.toISOString(),
          }
        : null,
    refunds: option ? own.map((refund) => toRefundView(refund, option)) : [],
    refunded: option
      ? formatUnits(
          own.reduce((sum, refund) => sum + BigInt(refund.amount), 0n),
          option.decimals,
        )
      : '0',
    refundAddress:
      payment.refundAddress && payment.refundAddressSigner && payment.refundAddressGivenAt
        ? {
            address: payment.refundAddress,
            signer: payment.refundAddressSigner,
            givenAt: payment.refundAddressGivenAt.toISOString(),
          }
        : null,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    detectedAt: payment.detectedAt?.toISOString() ?? null,
    confirmedAt: payment.confirmedAt?.toISOString() ?? null,
  }
}

export function toRefundView(refund: RefundRow, option: Pick<LinkOptionRow, 'assetId' | 'decimals'>): Refund {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    caipNetworkId: refund.caipNetworkId,
    txHash: refund.txHash,
    amount: formatUnits(BigInt(refund.amount), option.decimals),
    asset: option.assetId,
    sender: refund.sender,
    recipient: refund.recipient,
    blockNumber: refund.blockNumber.toString(),
    createdAt: refund.createdAt.toISOString(),
  }
}

/** A merchant who saved no profile (and views built without one, e.g. tests' fixtures). */
export const noMerchantProfile: PublicMerchant = { displayName: null, logoUrl: null, brandColor: null }

/** The view of a link as loaded (loadLinkRows), with everything the rows carry. */
export function toLinkViewOf(rows: LinkRows, now: Date): Link {
  return toLinkView(
    rows.link,
    rows.options,
    rows.payments,
    rows.quotes,
    now,
    rows.merchant,
    rows.refunds,
    rows.ordersHeld,
  )
}

export function toLinkView(
  link: LinkRow,
  options: readonly LinkOptionRow[],
  paymentRows: readonly PaymentRow[],
  quotes: readonly LinkQuoteRow[],
  now: Date,
  merchant: PublicMerchant = noMerchantProfile,
  refunds: readonly RefundRow[] = [],
  /** A reusable link with `maxOrders`: its orders paid or still open (countHeldOrders). */
  ordersHeld: number | null = null,
): Link {
  const assessed = assessLink(link, options, paymentRows, quotes, now)
  const currency = (link.priceCurrency as FiatCurrency | null) ?? null
  const byId = new Map(options.map((option) => [option.id, option]))
  return {
    id: link.id,
    title: link.title,
    description: link.description,
    merchantAddress: link.merchantAddress,
    status: presentedStatus(link, now),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    paidAt: link.paidAt?.toISOString() ?? null,
    deactivatedAt: link.deactivatedAt?.toISOString() ?? null,
    version: link.version,
    options: options.map((option) => toOptionView(link, option, assessed.options.get(option.id)!)),
    payments: paymentRows.map((payment) =>
      toPaymentView(
        payment,
        payment.optionId ? byId.get(payment.optionId) : undefined,
        assessed.payments.get(payment.id),
        currency,
        refunds,
      ),
    ),
    successUrl: link.successUrl,
    receiptEmail: link.receiptEmail,
    price: currency && link.priceAmount ? { currency, amount: link.priceAmount } : null,
    fiat: assessed.fiat
      ? {
          paid: fiatText(assessed.fiat.paid, assessed.fiat.currency, 'down'),
          due: fiatText(assessed.fiat.due, assessed.fiat.currency, 'up'),
          shortfall: fiatText(assessed.fiat.shortfall, assessed.fiat.currency, 'up'),
          overpaid: fiatText(assessed.fiat.overpaid, assessed.fiat.currency, 'down'),
        }
      : null,
    underpaymentTolerancePercent: link.underpaymentTolerancePercent,
    latePaymentGraceSeconds: link.latePaymentGraceSeconds,
    merchant,
    merchantNotified: link.merchantNotifiedAt !== null,
    receiptNumber: receiptNumberOfLink(link.id),
    reusable: link.reusable
      ? {
          maxOrders: link.maxOrders,
          ordersLeft: link.maxOrders === null ? null : Math.max(0, link.maxOrders - (ordersHeld ?? 0)),
          quantity: link.orderForm?.quantity ?? null,
          fields: link.orderForm?.fields ?? [],
          donation: link.orderForm?.donation ?? null,
          ...(link.orderForm?.pos ? { pos: true as const } : {}),
        }
      : null,
    order: link.orderOf ? { linkId: link.orderOf, quantity: link.quantity ?? 1 } : null,
  }
}

function toOptionView(
  link: Pick<LinkRow, 'title' | 'description' | 'reusable'>,
  option: LinkOptionRow,
  total: OptionAssessment,
): LinkOption {
  const amount = total.amount
  const format = (value: bigint) => formatUnits(value, option.decimals)
  const quote = total.quote
  // Fiat-priced: a payer scanning is asked for what is still due at the current quote (the whole
  // amount before any payment), so a top-up URI is exact; no quote, no URI. Fixed: the amount, as always.
  const asked = quote && total.due !== null && total.due > 0n ? total.due : amount
  // A reusable link is never paid itself: only its orders are.
  const paymentUri =
    asked === null || link.reusable
      ? null
      : (chainCoreOf(option.caipNetworkId)?.paymentUri?.({
          caipNetworkId: option.caipNetworkId,
          tokenAddress: option.tokenAddress,
          recipient: option.recipient,
          depositAddress: option.depositAddress,
          reference: option.reference,
          amount: asked,
          decimals: option.decimals,
          label: link.title,
          message: link.description,
        }) ?? null)
  return {
    id: option.id,
    asset: option.assetId,
    caipNetworkId: option.caipNetworkId,
    symbol: option.symbol,
    decimals: option.decimals,
    amount: amount === null ? null : format(amount),
    rate: quote?.rate ? formatRate(BigInt(quote.rate)) : null,
    rateSource: quote?.rate ? quote.rateSource : null,
    quoteExpiresAt: quote ? quote.expiresAt.toISOString() : null,
    quoteProblem: quote && !quote.rate ? quote.problem : null,
    due: total.due === null ? null : format(total.due),
    recipient: option.recipient,
    depositAddress: option.depositAddress,
    paymentUri,
    paid: format(total.paid),
    confirming: format(total.confirming),
    overpaid: format(total.overpaid),
    shortfall: format(total.shortfall),
    late: format(total.late),
  }
}
