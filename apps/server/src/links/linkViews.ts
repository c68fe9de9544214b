import { formatUnits, type Link, type LinkOption, type Payment, type PaymentReason, type PaymentStatus } from '@paylink/shared'
import { chainFamilyOf } from '../chains/index.js'
import type { LinkOptionRow, LinkRow, PaymentRow } from '../db/rows.js'
import { optionTotals, presentedStatus, type OptionTotals } from './linkStatus.js'

/** The API's view of a link and its payments, built from the rows (amounts as decimal strings). */
export function toPaymentView(payment: PaymentRow, option: LinkOptionRow | undefined): Payment {
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
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    detectedAt: payment.detectedAt?.toISOString() ?? null,
    confirmedAt: payment.confirmedAt?.toISOString() ?? null,
  }
}

export function toLinkView(link: LinkRow, options: readonly LinkOptionRow[], paymentRows: readonly PaymentRow[], now: Date): Link {
  const totals = optionTotals(options, paymentRows)
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
    options: options.map((option) => toOptionView(link, option, totals.get(option.id)!)),
    payments: paymentRows.map((payment) => toPaymentView(payment, payment.optionId ? byId.get(payment.optionId) : undefined)),
    successUrl: link.successUrl,
  }
}

function toOptionView(link: Pick<LinkRow, 'title' | 'description'>, option: LinkOptionRow, total: OptionTotals): LinkOption {
  const amount = BigInt(option.amount)
  const format = (value: bigint) => formatUnits(value, option.decimals)
  const paymentUri =
    chainFamilyOf(option.caipNetworkId)?.paymentUri?.({
      caipNetworkId: option.caipNetworkId,
      tokenAddress: option.tokenAddress,
      recipient: option.recipient,
      depositAddress: option.depositAddress,
      reference: option.reference,
      amount,
      decimals: option.decimals,
      label: link.title,
      message: link.description,
    }) ?? null
  return {
    id: option.id,
    asset: option.assetId,
    caipNetworkId: option.caipNetworkId,
    symbol: option.symbol,
    decimals: option.decimals,
    amount: format(amount),
    recipient: option.recipient,
    depositAddress: option.depositAddress,
    paymentUri,
    paid: format(total.paid),
    confirming: format(total.confirming),
    overpaid: format(total.paid > amount ? total.paid - amount : 0n),
    late: format(total.late),
  }
}
