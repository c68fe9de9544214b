/**
 * The server's error tree. Its root and the classes chain families throw live with the families'
 * shared server code (`@paylink/chains/server`), so a family never imports this app; the rest is
 * here. `http/errorHandling.ts` is the one place that turns a class into an HTTP status.
 */
import { BaseError, ConflictError, RefusalError, type BaseErrorOptions } from '@paylink/chains/server'

export {
  BaseError,
  ChainReadError,
  ConflictError,
  RefusalError,
  RequestValidationError,
  ValidationError,
  type BaseErrorOptions,
} from '@paylink/chains/server'

/** The environment or config file holds a value the server cannot run with. */
export class ConfigError extends BaseError {
  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(shortMessage, { ...options, code: 'INVALID_CONFIG' })
  }
}

/** Nobody (or nobody we believe) is behind the request. */
export class UnauthenticatedError extends RefusalError {}

/** The caller is known but may not do this. */
export class ForbiddenError extends RefusalError {}

/** No such thing, or not one the caller may see (another merchant's link reads as missing). */
export class NotFoundError extends RefusalError {}

/** A payment link that does not exist (or, with `ofMerchant`, is not the merchant's). */
export class LinkNotFoundError extends NotFoundError {
  constructor(linkId: string, { ofMerchant = false }: { ofMerchant?: boolean } = {}) {
    super('LINK_NOT_FOUND', `No payment link ${linkId}${ofMerchant ? ' of yours' : ''}.`)
  }
}

/** A per-merchant cap is reached (open links, API keys). */
export class LimitError extends ConflictError {}

/** The request is well formed but cannot be taken as it is (an Idempotency-Key reused with another body). */
export class UnprocessableError extends RefusalError {}

/** Too many requests from one client in a window. */
export class RateLimitedError extends RefusalError {
  constructor(message: string) {
    super('RATE_LIMITED', message)
  }
}

/** Something we depend on (a chain, the devnet) gave no usable answer: worth a retry later. */
export class UnavailableError extends RefusalError {}

/** A service we pass requests through answered badly or not at all. */
export class UpstreamError extends RefusalError {}

/**
 * A sign-in refused by one named check. The code says which check failed, so the client (and
 * a person reading logs) can tell a stale nonce from a bad signature. Each check also says
 * which kind of refusal it is, since the same family holds all three: 400 the message is
 * malformed or names what we do not offer, 401 it does not prove who signed, 403 it came from
 * the wrong place. `http/errorHandling.ts` answers with that status.
 * (Here with the rest of the tree, so the HTTP mapping needs no import from siwx/.)
 */
export class SiwxError extends RefusalError {
  constructor(
    readonly statusCode: 400 | 401 | 403,
    code: SiwxErrorCode,
    message: string,
    options: BaseErrorOptions = {},
  ) {
    super(code, message, options)
  }
}

export type SiwxErrorCode =
  | 'INVALID_MESSAGE'
  | 'INVALID_TIMESTAMP'
  | 'INVALID_ADDRESS'
  | 'MESSAGE_MISMATCH'
  | 'DOMAIN_MISMATCH'
  | 'URI_MISMATCH'
  | 'STATEMENT_MISMATCH'
  | 'UNSUPPORTED_CHAIN'
  | 'ISSUED_IN_FUTURE'
  | 'MESSAGE_EXPIRED'
  | 'MESSAGE_NOT_YET_VALID'
  | 'NONCE_UNKNOWN'
  | 'NONCE_EXPIRED'
  | 'NONCE_USED'
  | 'INVALID_SIGNATURE'
  | 'SESSIONS_NOT_ACCEPTED'
  | 'UNAUTHENTICATED'
  | 'BAD_ORIGIN'
