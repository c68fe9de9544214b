/**
 * One public price API: where to ask for a pair and how to read its answer. Pure (no I/O), so each
 * adapter is tested against response bodies written from the API's documentation.
 */
export interface RateSource {
  /** Short lowercase name, as `rateSource` and the logs say it ("coinbase"). */
  name: string
  /** The URL that answers the price of one `base` unit (ETH, BTC, SOL) in `currency` (USD, EUR); null when the source has no such pair. */
  url(base: string, currency: string): string | null
  /** The price as a plain decimal string from the response body; throws RateSourceError on anything else. */
  parse(body: string, base: string, currency: string): string
}

export class RateSourceError extends Error {
  override name = 'RateSourceError'
}

/**
 * A price as the API wrote it ("2456.78", "0.000012", "1.2e-5") -> a plain decimal string. Refuses
 * negatives, zero, NaN and anything that is not a number literal.
 */
export function plainDecimal(text: unknown, where: string): string {
  if (typeof text !== 'string' || !/^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text))
    throw new RateSourceError(`${where}: not a price (${JSON.stringify(text)?.slice(0, 40)})`)
  const [mantissa, exponentText] = text.toLowerCase().split('e')
  const exponent = Number(exponentText ?? '0')
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 40)
    throw new RateSourceError(`${where}: exponent out of range`)
  const [whole, fraction = ''] = mantissa!.split('.')
  let digits = whole! + fraction
  let point = whole!.length + exponent
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) digits = digits.padEnd(point, '0')
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0'
  const fracPart = digits.slice(point).replace(/0+$/, '')
  const result = fracPart ? `${intPart}.${fracPart}` : intPart
  if (!/[1-9]/.test(result)) throw new RateSourceError(`${where}: a price of zero`)
  return result
}

export function parseJson(body: string, source: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    throw new RateSourceError(`${source}: the answer is not JSON`)
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
