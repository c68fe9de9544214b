/** Decimal strings in asset units <-> bigint atomic units. Money is never a JS number. */

const decimalPattern = /^(0|[1-9]\d*)(\.\d+)?$/

export function isDecimalString(value: string): boolean {
  return decimalPattern.test(value)
}

/** "12.5" with 6 decimals -> 12500000n. Throws on malformed input or too many decimals. */
export function parseUnits(value: string, decimals: number): bigint {
  if (!decimalPattern.test(value)) throw new RangeError(`Not a decimal amount: "${value}"`)
  const [whole, fraction = ''] = value.split('.')
  if (fraction.length > decimals) {
    throw new RangeError(`"${value}" has more than ${decimals} decimal places`)
  }
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/** 12500000n with 6 decimals -> "12.5" (no trailing zeros, no exponent). */
export function formatUnits(atomic: bigint, decimals: number): string {
  const negative = atomic < 0n
  const digits = (negative ? -atomic : atomic).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * An estimate for people: `atomic` rounded UP to `significant` digits, then formatted
 * (56102732455636n wei -> "0.00005611"). Up, because a fee shown lower than it turns out reads
 * as a broken promise. Non-negative amounts only.
 */
export function formatEstimate(atomic: bigint, decimals: number, significant = 4): string {
  if (atomic < 0n) throw new RangeError('An estimate is never negative')
  const dropped = atomic.toString().length - significant
  if (dropped <= 0) return formatUnits(atomic, decimals)
  const step = 10n ** BigInt(dropped)
  return formatUnits(((atomic + step - 1n) / step) * step, decimals)
}
