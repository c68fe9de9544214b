import { formatUnits, parseUnits } from '@paylink/chains/money'

/**
 * Fiat prices and exchange rates, all in bigint: a rate is fiat units per one whole unit of an
 * asset, computed and stored to `rateDecimals` decimal places (18, so a token worth a millionth of
 * a cent still has 6 significant digits) and written as a decimal string without trailing zeros.
 */

/** ISO 4217 currencies a link may be priced in, with their minor-unit digits (JPY has none). */
export const fiatCurrencies = { USD: 2, EUR: 2, GBP: 2, JPY: 0, CHF: 2, CAD: 2, AUD: 2 } as const
export type FiatCurrency = keyof typeof fiatCurrencies
export const fiatCurrencyCodes = Object.keys(fiatCurrencies) as [FiatCurrency, ...FiatCurrency[]]

export const rateDecimals = 18

/** "2500.5" -> 2500500000000000000000n. Throws on anything that is not a plain non-negative decimal. */
export function parseRate(rate: string): bigint {
  return parseUnits(rate, rateDecimals)
}

export function formatRate(scaled: bigint): string {
  return formatUnits(scaled, rateDecimals)
}

/**
 * The crypto amount (atomic units) that pays `price` at `rate`, rounded UP to the asset's smallest
 * unit: the merchant never receives less than the price at the quoted rate.
 */
export function cryptoAmountFor(price: string, rate: bigint, assetDecimals: number): bigint {
  if (rate <= 0n) throw new RangeError('A rate must be above zero')
  const numerator = parseUnits(price, rateDecimals) * 10n ** BigInt(assetDecimals)
  return (numerator + rate - 1n) / rate
}

/** What `atomic` is worth at `rate`, in fiat scaled by 10^18, rounded down (never more than was paid). */
export function fiatValueScaled(atomic: bigint, rate: bigint, assetDecimals: number): bigint {
  return (atomic * rate) / 10n ** BigInt(assetDecimals)
}

/** A fiat amount scaled by 10^18 -> the currency's decimals ("12.00", "1500"), rounded `up` or down. */
export function formatFiatScaled(scaled: bigint, currency: FiatCurrency, direction: 'up' | 'down'): string {
  const digits = fiatCurrencies[currency]
  const step = 10n ** BigInt(rateDecimals - digits)
  const negative = scaled < 0n
  const magnitude = negative ? -scaled : scaled
  const rounded = (direction === 'up') !== negative ? (magnitude + step - 1n) / step : magnitude / step
  return fixedDigits(negative ? -rounded : rounded, digits)
}

/** A price as the currency writes it: "12" -> "12.00" for USD, "1500" for JPY. */
export function normalizeFiat(amount: string, currency: FiatCurrency): string {
  return fixedDigits(parseUnits(amount, fiatCurrencies[currency]), fiatCurrencies[currency])
}

function fixedDigits(minor: bigint, digits: number): string {
  const text = formatUnits(minor, digits)
  if (digits === 0) return text
  const [whole, fraction = ''] = text.split('.')
  return `${whole}.${fraction.padEnd(digits, '0')}`
}

const symbols: Record<FiatCurrency, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CHF: 'CHF ',
  CAD: 'CA$',
  AUD: 'A$',
}

/** "12.00" USD -> "$12.00"; digits grouped by thousands ("$1,250.00"). For people, not for math. */
export function formatFiat(amount: string, currency: FiatCurrency): string {
  const negative = amount.startsWith('-')
  const [whole, fraction] = (negative ? amount.slice(1) : amount).split('.')
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${symbols[currency]}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`
}
