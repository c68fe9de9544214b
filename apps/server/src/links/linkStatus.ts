import type { LinkStatus } from '@paylink/shared'
import type { LinkOptionRow, LinkRow, PaymentRow } from '../db/rows.js'

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
export function computeLinkStatus(options: readonly LinkOptionRow[], totals: ReadonlyMap<string, OptionTotals>, expired: boolean): LinkStatus {
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
