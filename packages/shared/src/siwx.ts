import { z } from 'zod'
import { maxAddressLength, maxTimestampLength } from './limits.js'
import { chainCores, chainNamespaces, isChainNamespace, type ChainNamespace } from '@paylink/chains/core'
import { caipNetworkIdSchema } from './caip.js'

/**
 * Sign-in with a wallet (SIWX): the message text the wallet signs and the API bodies.
 *
 * Message format (CAIP-122; for eip155 exactly EIP-4361):
 *
 *   <domain> wants you to sign in with your <Ethereum|Solana|Bitcoin> account:
 *   <address>
 *
 *   <statement>
 *
 *   URI: <uri>
 *   Version: 1
 *   Chain ID: <eip155: the numeric chain id (EIP-4361); solana, bip122: the full CAIP-2 id>
 *   Nonce: <nonce>
 *   Issued At: <RFC 3339>
 *   Expiration Time: <RFC 3339>      (optional)
 *   Not Before: <RFC 3339>           (optional)
 *   Request ID: <id>                 (optional)
 *   Resources:                       (optional)
 *   - <uri>
 *
 * Solana and Bitcoin carry the full CAIP-2 id (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`)
 * because a bare genesis-hash reference names no chain family to a person reading it;
 * the header line already says which account kind signs.
 */

/** The word in "sign in with your <X> account", per CAIP-2 namespace. */
export const siwxAccountNames = Object.fromEntries(
  chainNamespaces.map((namespace) => [namespace, chainCores[namespace].signIn.accountName]),
) as { readonly [N in ChainNamespace]: string }
export type SiwxNamespace = ChainNamespace

export interface CreateSiwxMessageTextParameters {
  domain: string
  address: string
  statement?: string | undefined
  uri: string
  version: '1'
  /** CAIP-2, e.g. `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, `bip122:000000000019d6689c085ae165831e93`. */
  chainId: string
  nonce: string
  /** RFC 3339 / ISO 8601 timestamps, written as given. */
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** The text a wallet signs to sign in (see the format above). Throws on a namespace we do not sign in with. */
export function createSiwxMessageText(parameters: CreateSiwxMessageTextParameters): string {
  const { domain, address, statement, uri, version, chainId, nonce, issuedAt } = parameters
  const colon = chainId.indexOf(':')
  const namespace = chainId.slice(0, colon)
  if (colon < 1 || !isChainNamespace(namespace)) throw new Error(`Cannot sign in on ${chainId}`)
  if (statement?.includes('\n')) throw new Error('A sign-in statement must be one line')
  const { accountName, chainLine: chainLineOf } = chainCores[namespace].signIn
  const chainLine = chainLineOf(chainId)

  let text = `${domain} wants you to sign in with your ${accountName} account:\n${address}\n\n`
  if (statement) text += `${statement}\n`
  text += `\nURI: ${uri}\nVersion: ${version}\nChain ID: ${chainLine}\nNonce: ${nonce}\nIssued At: ${issuedAt}`
  if (parameters.expirationTime) text += `\nExpiration Time: ${parameters.expirationTime}`
  if (parameters.notBefore) text += `\nNot Before: ${parameters.notBefore}`
  if (parameters.requestId) text += `\nRequest ID: ${parameters.requestId}`
  if (parameters.resources?.length) text += `\nResources:${parameters.resources.map((r) => `\n- ${r}`).join('')}`
  return text
}

/** `GET /api/siwx/nonce`. Besides the nonce, what the server expects in the message it signs. */
export const siwxNonceResponseSchema = z.object({
  nonce: z.string().max(128),
  /** When the nonce stops being accepted (10 minutes after issue). */
  expiresAt: z.string().max(maxTimestampLength),
  /** The statement the message must carry (SIWX_STATEMENT). */
  statement: z.string().max(1024),
  /** The message's domain and uri (the server's public origin). */
  domain: z.string().max(256),
  uri: z.string().max(2048),
  /** Sessions last at most this long; a message's Expiration Time may shorten it. */
  sessionTtlSeconds: z.number().int(),
})
export type SiwxNonceResponse = z.infer<typeof siwxNonceResponseSchema>

/** AppKit's SIWXMessage.Data: what the client says it signed. The server checks it against the message text. */
export const siwxSessionDataSchema = z.looseObject({
  accountAddress: z.string().min(1).max(128),
  chainId: caipNetworkIdSchema,
  domain: z.string().min(1).max(256),
  uri: z.string().min(1).max(2048),
  version: z.string().max(8),
  nonce: z.string().min(1).max(128),
  issuedAt: z.string().max(64).optional(),
  expirationTime: z.string().max(64).optional(),
  notBefore: z.string().max(64).optional(),
  statement: z.string().max(1024).optional(),
  requestId: z.string().max(256).optional(),
  resources: z.array(z.string().max(2048)).max(32).optional(),
})
export type SiwxSessionData = z.infer<typeof siwxSessionDataSchema>

/** AppKit's SIWXSession: the body of `POST /api/siwx/sessions` and each item of `GET /api/siwx/sessions`. */
export const siwxSessionSchema = z.object({
  data: siwxSessionDataSchema,
  message: z.string().min(1).max(8192),
  signature: z.string().min(1).max(4096),
  /** Accepted and ignored: the server verifies `message` + `signature` itself. */
  cacao: z.unknown().optional(),
})
export type SiwxSession = z.infer<typeof siwxSessionSchema>

export const siwxSessionsResponseSchema = z.array(siwxSessionSchema)

export const siwxAccountSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  address: z.string().max(maxAddressLength),
  namespace: z.string().max(16),
})
export type SiwxAccount = z.infer<typeof siwxAccountSchema>

/** `GET /api/me`; also `POST /api/siwx/sessions` answers `{ session: Me }`. */
export const meSchema = z.object({
  accounts: z.array(siwxAccountSchema),
  expiresAt: z.string().max(maxTimestampLength),
})
export type Me = z.infer<typeof meSchema>

export const siwxSignInResponseSchema = z.object({ session: meSchema })

/** `?chainId=&address=` of `GET` and `DELETE /api/siwx/sessions`. */
export const siwxSessionsQuerySchema = z.object({
  chainId: caipNetworkIdSchema,
  address: z.string().min(1).max(128),
})

/** `PUT /api/siwx/sessions`: AppKit's setSessions. Only `[]` (sign out) is accepted. */
export const siwxSetSessionsBodySchema = z.array(z.unknown()).max(16)
