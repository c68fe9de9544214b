import type { Link } from '@paylink/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { fetchLink, linkAnswer } from '../../api/checkout.js'

export const linkQueryKey = (id: string) => ['link', id] as const

export type LiveState = 'connecting' | 'live' | 'reconnecting'

/**
 * The link, kept current by the server's event stream (one `link` event per change, the
 * current state first). Events carry a version that only goes up, so a late event never
 * overwrites a newer state. EventSource reconnects by itself; `live` says whether it is on.
 */
export function useLink(id: string) {
  const client = useQueryClient()
  const query = useQuery({ queryKey: linkQueryKey(id), queryFn: () => fetchLink(id), retry: (n, e) => n < 2 && (e as { status?: number }).status !== 404 })
  const [live, setLive] = useState<LiveState>('connecting')
  const found = query.isSuccess
  useEffect(() => {
    if (!found || typeof EventSource === 'undefined') return
    const source = new EventSource(`/api/links/${encodeURIComponent(id)}/events`)
    source.addEventListener('open', () => setLive('live'))
    source.addEventListener('error', () => setLive('reconnecting'))
    source.addEventListener('link', (event) => {
      let next: Link
      try {
        next = linkAnswer.parse(JSON.parse((event as MessageEvent<string>).data))
      } catch {
        return // not a link: keep what is shown
      }
      client.setQueryData<Link>(linkQueryKey(id), (old) => (old && old.version > next.version ? old : next))
    })
    return () => source.close()
  }, [id, found, client])
  return { ...query, live }
}
