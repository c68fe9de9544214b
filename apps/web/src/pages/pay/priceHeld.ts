import { formatRemaining, type Link } from '@paylink/shared'

export interface PriceHeld {
  /** "14:32": how long the quoted amounts stay as they are. */
  left: string
  /** The same in milliseconds, for the payer's language. */
  ms: number
  /** When they renew, as an ISO timestamp (for <time>) and as people read it. */
  at: string
  atText: string
}

/**
 * How long the amounts of an open fiat-priced link are held: until the earliest quote of its
 * options lapses, when the page reads the link again and the server quotes anew (useRequote).
 * Null for a link priced in its assets, one no longer taking payments, or with no quote held.
 */
export function priceHeld(link: Pick<Link, 'price' | 'status' | 'options'>, now: number): PriceHeld | null {
  if (!link.price || (link.status !== 'open' && link.status !== 'partially_paid')) return null
  const next = link.options
    .filter((o) => o.amount !== null && o.quoteExpiresAt !== null && new Date(o.quoteExpiresAt).getTime() > now)
    .map((o) => o.quoteExpiresAt!)
    .sort((a, b) => new Date(a).getTime() - new Date(b).getTime())[0]
  if (!next) return null
  const at = new Date(next)
  return {
    left: formatRemaining(at.getTime() - now),
    ms: at.getTime() - now,
    at: next,
    atText: at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
  }
}
