import type { Link, LinkStatus } from './links.js'
import { formatAmount } from './formatAmount.js'
import { formatFiatLocal, localizeDecimal } from './localNumbers.js'
import { parseUnits } from '@paylink/chains/money'

/**
 * Words of the checkout that the server's first HTML and the browser's page both write, so the
 * page a payer sees before the JavaScript runs reads exactly as the one after.
 */
export const linkStatusLabels: Record<LinkStatus, string> = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  expired: 'Expired',
}

/** The heading above a link's amount options. */
export function amountOptionsTitle(count: number): string {
  return count > 1 ? 'Pay with any one of' : 'Amount'
}

/** "2 d 03:04:05", "03:04:05", "4:05": time left, rounded down to the second; "0:00" when over. */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return '0:00'
  const total = Math.floor(ms / 1000)
  const days = Math.floor(total / 86400)
  const h = Math.floor((total % 86400) / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  const clock = h > 0 || days > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
  return days > 0 ? `${days} d ${clock}` : clock
}

/** `0xf39F…2266`: enough to recognise an address, short enough for a phone. */
export function shortHex(value: string, keep = 4): string {
  return value.length <= 2 + keep * 2 + 1 ? value : `${value.slice(0, 2 + keep)}…${value.slice(-keep)}`
}

/** What the checkout calls a merchant without a display name: a name, never an address that looks payable. */
export const unnamedMerchant = 'Paylink merchant'

/**
 * The merchant as the checkout's header and tab title name it: the display name, else
 * `unnamedMerchant`. Never an address: one at the top of a checkout reads as where to pay, and
 * the merchant's main address pays no option that has its own deposit address.
 */
export function merchantLabel(link: { merchant: { displayName: string | null } }): string {
  return link.merchant.displayName || unnamedMerchant
}

/** An option's amount for people: "1,234.5 TUSD", "9,999.99991249 ETH" (the exact value goes in a title); a fiat-priced option without a quote has none. */
export function optionAmountText(option: { amount: string | null; decimals: number; symbol: string }): string {
  if (option.amount === null) return 'No price now'
  return `${formatAmount(parseUnits(option.amount, option.decimals), option.decimals)} ${option.symbol}`
}

/** What a checkout's words need from the payer's language: its locale and a message of its catalogue. */
export interface CheckoutWords {
  locale: string
  t(
    id: 'title.pay' | 'title.paid' | 'title.amounts' | 'merchant.unnamed',
    values?: Record<string, string | number>,
  ): string
}

/**
 * The tab title of a checkout in the payer's language: "Pay 12 TUSD · Coffee beans · Bean & Leaf"
 * ("Paid …" once paid). The page and the server's first HTML both write it, from the same catalogue.
 */
export function checkoutTitle(
  link: Pick<Link, 'options' | 'title' | 'status' | 'merchant' | 'price'>,
  words: CheckoutWords,
): string {
  const [first, second] = link.options
  const amountOf = (option: typeof first & object) => localizeDecimal(optionAmountText(option), words.locale)
  // A fiat-priced link is priced once, in its currency, whatever the payer pays with.
  const amounts = link.price
    ? formatFiatLocal(link.price.amount, link.price.currency, words.locale)
    : !first
      ? ''
      : !second
        ? amountOf(first)
        : words.t('title.amounts', {
            first: amountOf(first),
            second: amountOf(second),
            others: link.options.length - 1,
          })
  const merchant = link.merchant.displayName || words.t('merchant.unnamed')
  const values = { amounts, title: link.title, merchant }
  return link.status === 'paid' ? words.t('title.paid', values) : words.t('title.pay', values)
}
