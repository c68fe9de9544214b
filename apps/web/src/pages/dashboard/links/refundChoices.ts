import { formatUnits, parseUnits, type Link, type Payment } from '@paylink/shared'

export interface RefundChoices {
  /** What is left to refund of this payment (its amount less its refunds), in asset units. */
  full: string
  /** The part of this payment beyond the price, less what was refunded of the option already; null when it paid no excess. */
  excess: string | null
}

/**
 * The amounts the Refund form offers for a confirmed payment. The excess is the option's
 * overpaid sum less every refund of the option (refunding the excess twice is not offered),
 * capped at what is left of this payment.
 */
export function refundChoices(link: Pick<Link, 'options' | 'payments'>, payment: Payment): RefundChoices | null {
  const option = link.options.find((o) => o.id === payment.optionId)
  if (!option || payment.amount === null || payment.status !== 'confirmed') return null
  const units = (text: string) => parseUnits(text, option.decimals)
  const left = units(payment.amount) - units(payment.refunded)
  if (left <= 0n) return { full: '0', excess: null }
  const refundedOfOption = link.payments
    .filter((p) => p.optionId === option.id)
    .reduce((sum, p) => sum + units(p.refunded), 0n)
  const over = units(option.overpaid) - refundedOfOption
  const excess = over > 0n ? (over < left ? over : left) : 0n
  return { full: formatUnits(left, option.decimals), excess: excess > 0n ? formatUnits(excess, option.decimals) : null }
}
