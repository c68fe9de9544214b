import { createSiwxMessageText } from '@paylink/shared'
import type { SIWXConfig, SIWXMessage, SIWXSession } from '@reown/appkit-controllers'
import { ApiRequestError } from '../api/client.js'

export interface PaylinkSiwxOptions {
  /** Lifetime asked for in the message; the server caps the session at its own TTL. */
  ttlSeconds?: number
  /** Called after the server accepted or revoked a session, so pages can refetch /api/me. */
  onChange?: () => void
  fetch?: typeof fetch
}

async function call(doFetch: typeof fetch, path: string, init?: RequestInit): Promise<unknown> {
  const response = await doFetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
  })
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error
    throw new ApiRequestError(error?.message ?? `Sign-in failed (${response.status}).`, response.status, error?.code ?? 'HTTP_ERROR')
  }
  return body
}

/**
 * AppKit's SIWXConfig against Paylink's server: the nonce comes from the server (single use),
 * the server verifies the signature and keeps the session; the browser keeps nothing but the
 * httpOnly cookie. AppKit's stock implementation does both in the browser, which proves nothing.
 */
export function createPaylinkSiwx({ ttlSeconds = 86_400, onChange, fetch: doFetch = fetch }: PaylinkSiwxOptions = {}): SIWXConfig {
  const query = (chainId: string, address: string) => `chainId=${encodeURIComponent(chainId)}&address=${encodeURIComponent(address)}`
  return {
    async createMessage(input: SIWXMessage.Input): Promise<SIWXMessage> {
      // The server says which statement it expects (SIWX_STATEMENT) along with the nonce.
      const { nonce, statement } = (await call(doFetch, '/api/siwx/nonce')) as { nonce: string; statement: string }
      const issuedAt = new Date()
      const data: SIWXMessage.Data = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        notBefore: input.notBefore,
        domain: location.host,
        uri: location.origin,
        version: '1',
        nonce,
        statement,
        issuedAt: issuedAt.toISOString(),
        expirationTime: new Date(issuedAt.getTime() + ttlSeconds * 1000).toISOString(),
      }
      const text = createSiwxMessageText({
        domain: data.domain,
        address: data.accountAddress,
        statement: data.statement,
        uri: data.uri,
        version: '1',
        chainId: data.chainId,
        nonce: data.nonce,
        issuedAt: data.issuedAt!,
        expirationTime: data.expirationTime,
        notBefore: data.notBefore,
      })
      return { ...data, toString: () => text }
    },
    async addSession(session: SIWXSession): Promise<void> {
      await call(doFetch, '/api/siwx/sessions', { method: 'POST', body: JSON.stringify(session) })
      onChange?.()
    },
    async revokeSession(chainId, address): Promise<void> {
      await call(doFetch, `/api/siwx/sessions?${query(chainId, address)}`, { method: 'DELETE' })
      onChange?.()
    },
    async setSessions(sessions: SIWXSession[]): Promise<void> {
      if (sessions.length > 0) {
        // Sessions are only ever made by the server after it verified a signature.
        for (const session of sessions) await this.addSession(session)
        return
      }
      await call(doFetch, '/api/siwx/sessions', { method: 'PUT', body: '[]' })
      onChange?.()
    },
    async getSessions(chainId, address): Promise<SIWXSession[]> {
      return (await call(doFetch, `/api/siwx/sessions?${query(chainId, address)}`)) as SIWXSession[]
    },
    // Cancelling the sign-in disconnects: the dashboard has nothing to show without a session.
    getRequired: () => true,
  }
}
