import type { Link } from '@paylink/shared'
import { useEffect } from 'react'

/**
 * The earliest lapsed quote of an open fiat-priced link ("" when none): the server makes a new
 * quote only when someone reads the link, and the checkout's stream alone never does.
 */
export function lapsedQuote(link: Pick<Link, 'price' | 'status' | 'options'> | undefined, now: number): string {
  if (!link?.price || (link.status !== 'open' && link.status !== 'partially_paid')) return ''
  const lapsed = link.options
    .map((o) => o.quoteExpiresAt)
    .filter((at): at is string => at !== null && new Date(at).getTime() <= now)
    .sort()
  return lapsed[0] ?? ''
}

/** Reads the link again once per lapsed quote, so the server requotes and the stream carries the new amounts. */
export function useRequote(link: Link | undefined, now: number, read: () => unknown) {
  const lapsed = lapsedQuote(link, now)
  useEffect(() => {
    if (lapsed) read()
    // Once per lapsed quote, not on every tick or every new `read`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lapsed])
}
