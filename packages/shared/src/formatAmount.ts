/**
 * An amount for people to read: thousands grouped, at most `maxFraction` decimals shown (by
 * default the asset's own up to 8: a satoshi, a micro-dollar of a 6-decimal stablecoin, and
 * "9,999.99991249" for 9999.999912490173429597 ETH), never an 18-digit fraction. Digits past the
 * shown ones are cut, never rounded up, so a balance is never shown larger than it is (and an
 * amount due is written exactly in the element's title and what a copy button copies: see
 * `formatUnits`). An amount below the shown precision keeps `significant` digits instead of
 * turning into "0" (0.000000000012345 ETH -> "0.00000000001234"). bigint in, string out: no JS number.
 */
export function formatAmount(
  atomic: bigint,
  decimals: number,
  { maxFraction = Math.min(decimals, 8), significant = 4 }: { maxFraction?: number; significant?: number } = {},
): string {
  const negative = atomic < 0n
  const digits = (negative ? -atomic : atomic).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals)
  const firstNonZero = fraction.search(/[1-9]/)
  const keep = whole === '0' && firstNonZero >= maxFraction ? firstNonZero + significant : maxFraction
  const shown = fraction.slice(0, keep).replace(/0+$/, '')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}${shown ? `.${shown}` : ''}`
}
