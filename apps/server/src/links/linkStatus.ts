import {
  cryptoAmountFor,
  fiatValueScaled,
  formatFiatScaled,
  parseUnits,
  rateDecimals,
  type FiatCurrency,
  type LinkStatus,
} from '@paylink/shared'
import type { LinkOptionRow, LinkQuoteRow, LinkRow, PaymentRow } from '../db/rows.js'

/**
 * The one place a link's status is decided, with everything derived from the same rules: what each
 * payment counts for, what each option has received and still lacks, and (fiat-priced links) the
 * fiat totals. Pure: the rows in, the assessment out.
 *
 * - A payment counts when confirmed and mined before expiry, or after it within the link's grace
 *   window (`latePaymentGraceSeconds`); other confirmed late payments are recorded only.
 * - Fixed-amount link: paid when an option's counted total reaches its amount less the tolerance
 *   (`underpaymentTolerancePercent` of the amount, rounded down to the asset's unit).
 * - Fiat-priced link: each counted payment is worth its amount at the quote it was made under (the
 *   newest quote with a rate created at or before the payment was first seen: submitted, sighted or
 *   mined, whichever is earliest), whenever it confirms; paid when the counted worth across options
 *   reaches the price less the tolerance. A payment with no such quote is worth nothing here.
 * - Otherwise expired after the expiry; partially paid when something counted; else open.
 */
export interface LinkAssessment {
  status: LinkStatus
  options: Map<string, OptionAssessment>
  payments: Map<string, PaymentAssessment>
  /** Fiat-priced links, scaled by 10^18. */
  fiat: { currency: FiatCurrency; price: bigint; paid: bigint; due: bigint; shortfall: bigint; overpaid: bigint } | null
}

export interface OptionAssessment {
  /** Atomic units: what counts; detected and not confirmed; confirmed late outside the grace window. */
  paid: bigint
  confirming: bigint
  late: bigint
  /** The amount asked (fixed link) or the current quote's amount (fiat link, null without one). */
  amount: bigint | null
  /** The newest quote (fiat links): a rate, or a problem. */
  quote: LinkQuoteRow | null
  due: bigint | null
  shortfall: bigint
  overpaid: bigint
}

export interface PaymentAssessment {
  counted: boolean
  quote: LinkQuoteRow | null
  /** Fiat worth at its quote, scaled by 10^18 (null: not fiat-priced, no amount yet, or no quote). */
  fiatValue: bigint | null
}

export function assessLink(
  link: Pick<
    LinkRow,
    'expiresAt' | 'priceCurrency' | 'priceAmount' | 'underpaymentTolerancePercent' | 'latePaymentGraceSeconds'
  >,
  options: readonly LinkOptionRow[],
  paymentRows: readonly PaymentRow[],
  quotes: readonly LinkQuoteRow[],
  now: Date,
): LinkAssessment {
  const toleranceBasisPoints = parseUnits(link.underpaymentTolerancePercent, 2)
  const allowedShortfall = (amount: bigint) => (amount * toleranceBasisPoints) / 10_000n
  const priced = link.priceCurrency !== null && link.priceAmount !== null
  const byOption = new Map(options.map((option) => [option.id, option]))

  const payments = new Map<string, PaymentAssessment>()
  const totals = new Map(
    options.map((option) => [option.id, { paid: 0n, confirming: 0n, late: 0n, fiatPaid: 0n, fiatConfirming: 0n }]),
  )
  let lastCounted: { optionId: string; quote: LinkQuoteRow | null } | null = null
  for (const payment of paymentRows) {
    const option = payment.optionId ? byOption.get(payment.optionId) : undefined
    const quote = priced && option ? quoteOfPayment(payment, quotes) : null
    const amount = payment.amount === null ? null : BigInt(payment.amount)
    const fiatValue =
      quote?.rate && amount !== null && option ? fiatValueScaled(amount, BigInt(quote.rate), option.decimals) : null
    const counted =
      payment.status === 'confirmed' && amount !== null && option !== undefined && countsInTime(link, payment)
    payments.set(payment.id, { counted, quote, fiatValue })
    const total = option ? totals.get(option.id) : undefined
    if (!total || amount === null) continue
    if (counted) {
      total.paid += amount
      total.fiatPaid += fiatValue ?? 0n
      lastCounted = { optionId: option.id, quote }
    } else if (payment.status === 'confirmed') total.late += amount
    else if (payment.status === 'confirming') {
      total.confirming += amount
      total.fiatConfirming += fiatValue ?? 0n
    }
  }

  const expired = link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()
  const result = new Map<string, OptionAssessment>()
  let fiat: LinkAssessment['fiat'] = null
  let paid: boolean
  let anything = false
  if (priced) {
    const currency = link.priceCurrency as FiatCurrency
    const price = parseUnits(link.priceAmount!, rateDecimals)
    const sum = (key: 'fiatPaid' | 'fiatConfirming') => [...totals.values()].reduce((s, t) => s + t[key], 0n)
    const fiatPaid = sum('fiatPaid')
    paid = fiatPaid >= price - allowedShortfall(price)
    anything = fiatPaid > 0n
    const due = paid ? 0n : max0(price - fiatPaid - sum('fiatConfirming'))
    fiat = {
      currency,
      price,
      paid: fiatPaid,
      due,
      shortfall: paid ? max0(price - fiatPaid) : 0n,
      overpaid: max0(fiatPaid - price),
    }
    for (const option of options) {
      const total = totals.get(option.id)!
      const quote = latestQuote(option.id, quotes)
      const rate = quote?.rate ? BigInt(quote.rate) : null
      // Shortfall and excess are shown on the option that took the last counted payment, in its asset at that payment's rate.
      const paymentRate =
        lastCounted?.optionId === option.id && lastCounted.quote?.rate ? BigInt(lastCounted.quote.rate) : null
      const inAsset = (value: bigint, direction: 'up' | 'down') =>
        paymentRate ? assetAmountOf(value, paymentRate, option.decimals, direction) : 0n
      result.set(option.id, {
        paid: total.paid,
        confirming: total.confirming,
        late: total.late,
        amount: quote?.amount ? BigInt(quote.amount) : null,
        quote,
        due: rate ? (due === 0n ? 0n : assetAmountOf(due, rate, option.decimals, 'up')) : null,
        shortfall: inAsset(fiat.shortfall, 'up'),
        overpaid: inAsset(fiat.overpaid, 'down'),
      })
    }
  } else {
    const settled = (option: LinkOptionRow) => {
      const amount = BigInt(option.amount ?? '0')
      return totals.get(option.id)!.paid >= amount - allowedShortfall(amount)
    }
    paid = options.some(settled)
    for (const option of options) {
      const total = totals.get(option.id)!
      const amount = BigInt(option.amount ?? '0')
      if (total.paid > 0n) anything = true
      result.set(option.id, {
        paid: total.paid,
        confirming: total.confirming,
        late: total.late,
        amount,
        quote: null,
        due: paid ? 0n : max0(amount - total.paid - total.confirming),
        shortfall: settled(option) ? max0(amount - total.paid) : 0n,
        overpaid: max0(total.paid - amount),
      })
    }
  }
  const status: LinkStatus = paid ? 'paid' : expired ? 'expired' : anything ? 'partially_paid' : 'open'
  return { status, options: result, payments, fiat }
}

/** Confirmed on time, or late but mined within the link's grace window after expiry. */
function countsInTime(link: Pick<LinkRow, 'expiresAt' | 'latePaymentGraceSeconds'>, payment: PaymentRow): boolean {
  if (!payment.late) return true
  if (link.latePaymentGraceSeconds <= 0 || !link.expiresAt || !payment.minedAt) return false
  return payment.minedAt.getTime() <= link.expiresAt.getTime() + link.latePaymentGraceSeconds * 1000
}

/**
 * How much later than its block's time a payment may have been made. Block times are whole
 * seconds, rounded down (anvil stamps a block built at 12:00:00.9 as 12:00:00), so a payment
 * sent 300 ms after the checkout quoted it can sit in a block stamped before the quote: read as
 * made before any quote, it was worth nothing and its link stayed open (fiat-price.spec's
 * Test USD deposit, when the payer paid within the second the pay page quoted).
 */
export const blockTimeResolutionMs = 999

/** The quote a payment is judged against: the newest with a rate made at or before the payment was first seen. */
export function quoteOfPayment(
  payment: Pick<PaymentRow, 'optionId' | 'createdAt' | 'minedAt'>,
  quotes: readonly LinkQuoteRow[],
): LinkQuoteRow | null {
  const mined = payment.minedAt ? payment.minedAt.getTime() + blockTimeResolutionMs : Infinity
  const firstSeen = Math.min(payment.createdAt.getTime(), mined)
  let best: LinkQuoteRow | null = null
  for (const quote of quotes) {
    if (quote.optionId !== payment.optionId || !quote.rate || quote.createdAt.getTime() > firstSeen) continue
    if (!best || quote.createdAt.getTime() > best.createdAt.getTime()) best = quote
  }
  return best
}

/** The option's newest quote row (a rate or a problem), or null when none was made. */
export function latestQuote(optionId: string, quotes: readonly LinkQuoteRow[]): LinkQuoteRow | null {
  let best: LinkQuoteRow | null = null
  for (const quote of quotes)
    if (quote.optionId === optionId && (!best || quote.createdAt.getTime() >= best.createdAt.getTime())) best = quote
  return best
}

/** A fiat value (10^18-scaled) in an asset's atomic units at `rate`. */
function assetAmountOf(fiatScaled: bigint, rate: bigint, decimals: number, direction: 'up' | 'down'): bigint {
  if (direction === 'up') return cryptoAmountFor(formatScaled(fiatScaled), rate, decimals)
  return (fiatScaled * 10n ** BigInt(decimals)) / rate
}

const formatScaled = (value: bigint) => {
  const digits = value.toString().padStart(rateDecimals + 1, '0')
  return `${digits.slice(0, -rateDecimals)}.${digits.slice(-rateDecimals)}`
}

const max0 = (value: bigint) => (value > 0n ? value : 0n)

/** A 10^18-scaled fiat amount as the currency writes it, rounded `direction`. */
export function fiatText(scaled: bigint, currency: FiatCurrency, direction: 'up' | 'down'): string {
  return formatFiatScaled(scaled, currency, direction)
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
