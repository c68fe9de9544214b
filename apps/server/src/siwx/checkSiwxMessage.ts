import { sameAddress } from '@paylink/chains/core'
import type { SiwxSessionData } from '@paylink/shared'
import { SiwxError } from './errors.js'
import type { ParseSiwxMessageReturnType } from './parseSiwxMessage.js'

export interface CheckSiwxMessageParameters extends ParseSiwxMessageReturnType {
  /** What the client says it signed (AppKit's SIWXSession.data); every field must equal the text's. Omit to skip. */
  data?: SiwxSessionData | undefined
  /**
   * The server's public origin, or every origin it is served at (canonical first): the message's
   * domain must be one's host, its uri that origin itself.
   */
  publicOrigin: string | readonly string[]
  /** The statement the message must carry; null accepts any. */
  statement: string | null
  /** CAIP-2 ids of the configured networks. */
  caipNetworkIds: ReadonlyArray<string>
  now: Date
  /** How far in the future Issued At may be (clock skew). Default 60 s. */
  skewMs?: number
}

/**
 * The checks on a parsed sign-in message that need no database or chain: client data agrees,
 * domain, uri, statement, network, issued-at, expiration, not-before. Throws SiwxError.
 */
export function checkSiwxMessage(parameters: CheckSiwxMessageParameters): void {
  const { fields, times, data, publicOrigin, statement, caipNetworkIds, now, skewMs = 60_000 } = parameters
  if (data) checkDataAgrees(fields, data)

  const origins = (typeof publicOrigin === 'string' ? [publicOrigin] : publicOrigin).map((o) => new URL(o))
  const sameHost = origins.filter((o) => o.host === fields.domain)
  // The canonical origin names the refusal when no allowed origin has the message's host.
  const origin =
    sameHost.find((o) => o.origin === fields.uri) ??
    sameHost.find((o) => fields.scheme === undefined || `${fields.scheme}:` === o.protocol) ??
    sameHost[0] ??
    origins[0]!
  if (fields.domain !== origin.host || (fields.scheme !== undefined && `${fields.scheme}:` !== origin.protocol)) {
    throw new SiwxError(401, 'DOMAIN_MISMATCH', `The message is for "${fields.domain}", not for ${origin.host}.`)
  }
  if (fields.uri !== origin.origin) {
    throw new SiwxError(401, 'URI_MISMATCH', `The message's URI is "${fields.uri}", not ${origin.origin}.`)
  }
  if (statement !== null && fields.statement !== statement) {
    throw new SiwxError(401, 'STATEMENT_MISMATCH', `The message's statement must be "${statement}".`)
  }
  if (!caipNetworkIds.includes(fields.chainId)) {
    throw new SiwxError(400, 'UNSUPPORTED_CHAIN', `${fields.chainId} is not a network this server is configured for.`)
  }
  if (times.issuedAt.getTime() > now.getTime() + skewMs) {
    throw new SiwxError(401, 'ISSUED_IN_FUTURE', `The message is issued at ${fields.issuedAt}, in the future.`)
  }
  if (times.expirationTime && now.getTime() >= times.expirationTime.getTime()) {
    throw new SiwxError(401, 'MESSAGE_EXPIRED', `The message expired at ${fields.expirationTime}.`)
  }
  if (times.notBefore && now.getTime() < times.notBefore.getTime()) {
    throw new SiwxError(401, 'MESSAGE_NOT_YET_VALID', `The message is not valid before ${fields.notBefore}.`)
  }
}

function checkDataAgrees(fields: ParseSiwxMessageReturnType['fields'], data: SiwxSessionData): void {
  const addressMatches = sameAddress(fields.namespace, data.accountAddress, fields.address)
  const pairs: Array<[string, unknown, unknown]> = [
    ['chainId', data.chainId, fields.chainId],
    ['domain', data.domain, fields.domain],
    ['uri', data.uri, fields.uri],
    ['version', data.version, fields.version],
    ['nonce', data.nonce, fields.nonce],
    ['issuedAt', data.issuedAt, fields.issuedAt],
    ['expirationTime', data.expirationTime, fields.expirationTime],
    ['notBefore', data.notBefore, fields.notBefore],
    ['statement', data.statement || undefined, fields.statement],
    ['requestId', data.requestId, fields.requestId],
    ['resources', data.resources?.length ? data.resources : undefined, fields.resources],
  ]
  const differs = pairs.find(([, claimed, signed]) => JSON.stringify(claimed) !== JSON.stringify(signed))
  if (!addressMatches || differs) {
    const field = addressMatches ? differs![0] : 'accountAddress'
    throw new SiwxError(400, 'MESSAGE_MISMATCH', `data.${field} does not match the signed message.`)
  }
}
