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
