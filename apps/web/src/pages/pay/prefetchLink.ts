import type { QueryClient } from '@tanstack/react-query'
import { fetchLink } from '../../api/checkout.js'
import { linkQueryKey } from '../../api/useLiveLink.js'

/**
 * On a checkout URL, asks for the link while the configuration is still on its way, so the
 * two requests overlap instead of following each other before the first paint.
 */
export function prefetchLink(client: QueryClient, pathname: string): void {
  const match = /^\/pay\/([^/]+)\/?$/.exec(pathname)
  if (!match) return
  const id = decodeURIComponent(match[1]!)
  void client.prefetchQuery({ queryKey: linkQueryKey(id), queryFn: () => fetchLink(id) })
}
