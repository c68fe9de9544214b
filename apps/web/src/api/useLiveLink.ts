import type { Link } from '@paylink/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Parser } from './client.js'
import { retryTransient } from './retryTransient.js'

export const linkQueryKey = (id: string) => ['link', id] as const

export type LiveState = 'connecting' | 'live' | 'reconnecting'

export interface LiveLinkOptions {
  /** Reads the link once (the checkout's light read, or the merchant's fully parsed one). */
  read(id: string): Promise<Link>
  /** Checks each `link` event of the stream the same way `read` checks its answer. */
  parser: Parser<Link>
  /** While the stream is not on, poll this often; absent, the page waits for the stream. */
  pollWhileDownMs?: number
}

/**
 * The link, kept current by the server's event stream (`GET /api/links/:id/events`: one `link`
 * event per change, the current state first), read with the browser's EventSource, which also
 * reconnects by itself (the server sends `retry: 3000`). Events carry a version that only goes
 * up, so a late event never overwrites a newer state. `live` says whether the stream is on;
 * with `pollWhileDownMs` the query polls while it is not (a proxy that buffers, a reconnect in
 * progress), so the page never silently freezes.
 */
export function useLiveLink(id: string, { read, parser, pollWhileDownMs }: LiveLinkOptions) {
  const client = useQueryClient()
  const [live, setLive] = useState<LiveState>('connecting')
  const query = useQuery({
    queryKey: linkQueryKey(id),
    queryFn: () => read(id),
    retry: retryTransient(2),
    refetchInterval: live === 'live' || pollWhileDownMs === undefined ? false : pollWhileDownMs,
  })
  const found = query.isSuccess
  useEffect(() => {
    if (!found || typeof EventSource === 'undefined') return
    const source = new EventSource(`/api/links/${encodeURIComponent(id)}/events`)
    source.addEventListener('open', () => setLive('live'))
    source.addEventListener('error', () => setLive('reconnecting'))
    source.addEventListener('link', (event) => {
      let next: Link
      try {
        next = parser.parse(JSON.parse((event as MessageEvent<string>).data))
      } catch {
        return // not a link: keep what is shown
      }
      client.setQueryData<Link>(linkQueryKey(id), (old) => (old && old.version > next.version ? old : next))
    })
    return () => {
      source.close()
      setLive('connecting')
    }
  }, [id, found, client, parser])
  return { ...query, live }
}
