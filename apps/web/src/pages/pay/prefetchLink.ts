import type { QueryClient } from '@tanstack/react-query'
import { fetchLink } from '../../api/checkout.js'
import { linkQueryKey } from '../../api/useLiveLink.js'

/**
 * On a checkout URL, asks for the link while the configuration is still on its way, so the
 * two requests overlap instead of following each other before the first paint.
 */
export function prefetchLink(client: QueryClient, pathname: string): void {
  const id = checkoutLinkId(pathname)
  if (id === null) return
  void client.prefetchQuery({ queryKey: linkQueryKey(id), queryFn: () => fetchLink(id) })
}

/** The link id of a checkout URL (`/pay/:id`, not its refund page), or null elsewhere. */
export function checkoutLinkId(pathname: string): string | null {
  const match = /^\/pay\/([^/]+)\/?$/.exec(pathname)
  return match ? decodeURIComponent(match[1]!) : null
}
