import type { Link } from '@paylink/shared'

/**
 * Whether a payer opening this view should get new quotes: a fiat-priced link still taking
 * payments, with an option whose quote (or "no price now" answer) has lapsed or was never made.
 * Read from the cached view, so a fixed-price or freshly quoted link costs no database read;
 * quoteLink re-checks under the link's lock.
 */
export function viewNeedsQuote(link: Pick<Link, 'price' | 'status' | 'expiresAt' | 'options'>, now: Date): boolean {
  if (!link.price || (link.status !== 'open' && link.status !== 'partially_paid')) return false
  if (link.expiresAt && Date.parse(link.expiresAt) <= now.getTime()) return false
  return link.options.some(
    (option) => option.quoteExpiresAt === null || Date.parse(option.quoteExpiresAt) <= now.getTime(),
  )
}
