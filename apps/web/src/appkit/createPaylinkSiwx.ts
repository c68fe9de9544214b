import { createSiwxMessageText } from '@paylink/shared'
import type { SIWXConfig, SIWXMessage, SIWXSession } from '@reown/appkit-controllers'
import { getSiwxNonce, listSiwxSessions, revokeSiwxSession, signIn, signOut } from '../api/siwx.js'

export interface PaylinkSiwxOptions {
  /** Lifetime asked for in the message; the server caps the session at its own TTL. */
  ttlSeconds?: number
  /** Called after the server accepted or revoked a session, so pages can refetch /api/me. */
  onChange?: () => void
}

/**
 * AppKit's SIWXConfig against Paylink's server: the nonce comes from the server (single use),
 * the server verifies the signature and keeps the session; the browser keeps nothing but the
 * httpOnly cookie. AppKit's stock implementation does both in the browser, which proves nothing.
 */
export function createPaylinkSiwx({ ttlSeconds = 86_400, onChange }: PaylinkSiwxOptions = {}): SIWXConfig {
  return {
    async createMessage(input: SIWXMessage.Input): Promise<SIWXMessage> {
      // The server says which statement it expects (SIWX_STATEMENT) along with the nonce.
      const { nonce, statement } = await getSiwxNonce()
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
      await signIn(session as Parameters<typeof signIn>[0])
      onChange?.()
    },
    async revokeSession(chainId, address): Promise<void> {
      await revokeSiwxSession(chainId, address)
      onChange?.()
    },
    async setSessions(sessions: SIWXSession[]): Promise<void> {
      if (sessions.length > 0) {
        // Sessions are only ever made by the server after it verified a signature.
        for (const session of sessions) await this.addSession(session)
        return
      }
      await signOut()
      onChange?.()
    },
    async getSessions(chainId, address): Promise<SIWXSession[]> {
      return (await listSiwxSessions(chainId, address)) as SIWXSession[]
    },
    // Cancelling the sign-in disconnects: the dashboard has nothing to show without a session.
    getRequired: () => true,
  }
}
