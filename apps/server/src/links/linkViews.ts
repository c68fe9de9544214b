import { formatUnits, type Link, type LinkOption, type LinkStatus, type Payment, type PaymentReason, type PaymentStatus } from '@paylink/shared'
import type { linkOptions, links, payments } from '../db/linksSchema.js'

export type LinkRow = typeof links.$inferSelect
export type LinkOptionRow = typeof linkOptions.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

export interface OptionTotals {
  paid: bigint
  confirming: bigint
  late: bigint
}

/** Per option: confirmed on time, detected but unconfirmed, and confirmed after expiry. */
export function optionTotals(options: readonly LinkOptionRow[], paymentRows: readonly PaymentRow[]): Map<string, OptionTotals> {
  const totals = new Map(options.map((option) => [option.id, { paid: 0n, confirming: 0n, late: 0n }]))
  for (const payment of paymentRows) {
    const total = payment.optionId ? totals.get(payment.optionId) : undefined
    if (!total || payment.amount === null) continue
    const amount = BigInt(payment.amount)
    if (payment.status === 'confirmed') {
      if (payment.late) total.late += amount
      else total.paid += amount
    } else if (payment.status === 'confirming') total.confirming += amount
  }
  return totals
}

/**
 * Paid when any option's on-time confirmed total reaches its amount (late payments are
 * recorded but do not pay an expired link); else expired after the expiry; else partially
 * paid when something was confirmed; else open.
 */
export function computeLinkStatus(
  options: readonly LinkOptionRow[],
  totals: ReadonlyMap<string, OptionTotals>,
  expired: boolean,
): LinkStatus {
  const paid = options.some((option) => (totals.get(option.id)?.paid ?? 0n) >= BigInt(option.amount))
  if (paid) return 'paid'
  if (expired) return 'expired'
  return options.some((option) => (totals.get(option.id)?.paid ?? 0n) > 0n) ? 'partially_paid' : 'open'
}

export function isExpired(link: Pick<LinkRow, 'expiresAt'>, now: Date): boolean {
  return link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()
}

/** The stored status, except that an open link past its expiry reads as expired before the sweep marks it. */
export function presentedStatus(link: Pick<LinkRow, 'status' | 'expiresAt'>, now: Date): LinkStatus {
  const status = link.status as LinkStatus
  if ((status === 'open' || status === 'partially_paid') && isExpired(link, now)) return 'expired'
  return status
}

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
    version: link.version,
    options: options.map((option) => toOptionView(option, totals.get(option.id)!)),
    payments: paymentRows.map((payment) => toPaymentView(payment, payment.optionId ? byId.get(payment.optionId) : undefined)),
  }
}

function toOptionView(option: LinkOptionRow, total: OptionTotals): LinkOption {
  const amount = BigInt(option.amount)
  const format = (value: bigint) => formatUnits(value, option.decimals)
  return {
    id: option.id,
    asset: option.assetId,
    caipNetworkId: option.caipNetworkId,
    symbol: option.symbol,
    decimals: option.decimals,
    amount: format(amount),
    recipient: option.recipient,
    paid: format(total.paid),
    confirming: format(total.confirming),
    overpaid: format(total.paid > amount ? total.paid - amount : 0n),
    late: format(total.late),
  }
}
