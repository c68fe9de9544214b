import {
  meSchema,
  siwxNonceResponseSchema,
  siwxSessionsResponseSchema,
  siwxSignInResponseSchema,
  type Me,
  type SiwxNonceResponse,
  type SiwxSession,
} from '@paylink/shared'
import { ApiRequestError, apiGet, apiSend, noContent } from './client.js'

// The sign-in routes of apps/server/README.md: AppKit's SIWX calls (through appkit/createPaylinkSiwx.ts),
// the session the dashboard reads, and signing out.

const sessionsQuery = (chainId: string, address: string) =>
  `/api/siwx/sessions?chainId=${encodeURIComponent(chainId)}&address=${encodeURIComponent(address)}`

/** A single-use nonce, and what the server expects the message to carry (statement, domain, uri). */
export const getSiwxNonce = (): Promise<SiwxNonceResponse> => apiGet('/api/siwx/nonce', siwxNonceResponseSchema)

/** Hands a signed message to the server, which verifies it and sets the session cookie. */
export const signIn = (session: SiwxSession): Promise<Me> =>
  apiSend('POST', '/api/siwx/sessions', siwxSignInResponseSchema, session).then((r) => r.session)

/** The server's sessions for one account: only valid, unexpired ones. */
export const listSiwxSessions = (chainId: string, address: string): Promise<SiwxSession[]> =>
  apiGet(sessionsQuery(chainId, address), siwxSessionsResponseSchema)

export const revokeSiwxSession = (chainId: string, address: string): Promise<void> =>
  apiSend('DELETE', sessionsQuery(chainId, address), noContent)

/** Ends the session of this browser (AppKit's `setSessions([])`). */
export const signOut = (): Promise<void> => apiSend('PUT', '/api/siwx/sessions', noContent, [])

/** Who is signed in, as the server sees it; null when nobody is. */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiGet('/api/me', meSchema)
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null
    throw error
  }
}
