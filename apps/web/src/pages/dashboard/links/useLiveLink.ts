import { linkSchema } from '@paylink/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getLink } from '../../../api/merchant.js'

/**
 * The link, kept current by the server's event stream (GET /api/links/:id/events). While the
 * stream is down (no EventSource, a proxy that buffers, a reconnect in progress) the query
 * polls every 5 s instead, so the page never silently freezes.
 */
export function useLiveLink(id: string) {
  const queryClient = useQueryClient()
  const [streaming, setStreaming] = useState(false)

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`/api/links/${encodeURIComponent(id)}/events`)
    source.addEventListener('open', () => setStreaming(true))
    source.addEventListener('link', (event) => {
      const parsed = linkSchema.safeParse(JSON.parse((event as MessageEvent<string>).data))
      if (parsed.success) queryClient.setQueryData(['link', id], parsed.data)
    })
    // EventSource reconnects by itself (the server sends retry: 3000); poll meanwhile.
    source.addEventListener('error', () => setStreaming(false))
    return () => {
      source.close()
      setStreaming(false)
    }
  }, [id, queryClient])

  const link = useQuery({ queryKey: ['link', id], queryFn: () => getLink(id), refetchInterval: streaming ? false : 5000 })
  return { link, streaming }
}
