/**
 * "1234567.891" -> "1,234,567.891": thousands grouped in the whole part, the fraction kept to
 * the last digit (a payer must send exactly this, so nothing is rounded). Works on the decimal
 * string itself: money is never a JS number.
 */
export function groupDigits(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}
