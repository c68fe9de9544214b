import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { getMe } from './siwx.js'

const meQueryKey = ['me'] as const

/** The server's view of who is signed in: null when nobody is. */
export function useSession() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 })
}

/** Asks the server again who is signed in (after a sign-in or sign-out). */
export function useRefreshSession() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: meQueryKey }), [client])
}
