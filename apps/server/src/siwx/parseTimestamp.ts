const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$/

/**
 * An RFC 3339 date-time (what EIP-4361 calls ISO 8601) -> Date, or null when it is not one.
 * Stricter than `new Date()`, which accepts "Wed Oct 05 2011" and rolls 2022-02-31 over to
 * March: a sign-in check that compared such a Date would fail open.
 */
export function parseTimestamp(text: string): Date | null {
  const m = rfc3339.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (hour > 23 || minute > 59 || second > 59) return null
  let offsetMinutes = 0
  if (m[8] !== 'Z') {
    const offsetHours = Number(m[10])
    const offsetMins = Number(m[11])
    if (offsetHours > 23 || offsetMins > 59) return null
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins)
  }
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000
  const date = new Date(utc)
  return Number.isNaN(date.getTime()) ? null : date
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}
