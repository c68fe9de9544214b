import type { LinkStatus } from './links.js'

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
