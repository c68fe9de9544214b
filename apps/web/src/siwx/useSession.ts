import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { ApiRequestError } from '../api/client.js'

export interface SignedInAccount {
  caipNetworkId: string
  address: string
  namespace: string
}

export interface Me {
  accounts: SignedInAccount[]
  expiresAt: string
}

async function fetchMe(): Promise<Me | null> {
  const response = await fetch('/api/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
  if (response.status === 401) return null
  if (!response.ok) throw new ApiRequestError(`Could not read the session (${response.status}).`, response.status, 'HTTP_ERROR')
  return (await response.json()) as Me
}

/** The server's view of who is signed in: null when nobody is. */
export function useSession() {
  return useQuery({ queryKey: ['me'], queryFn: fetchMe, staleTime: 30_000 })
}

export function useRefreshSession() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: ['me'] }), [client])
}
