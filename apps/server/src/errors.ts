/**
 * The server's error tree, rooted in one class so callers can branch on the class and
 * people can read the message (after viem's `BaseError`). `shortMessage` is the sentence,
 * `code` the stable SNAKE_CASE name a client branches on, `details` adds context, `cause`
 * keeps what went wrong underneath. Domain code throws these; `http/errorHandling.ts` is the
 * one place that turns a class into an HTTP status.
 */
export interface BaseErrorOptions {
  details?: string
  cause?: unknown
}

export class BaseError extends Error {
  override name = 'PaylinkError'
  readonly code: string
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: BaseErrorOptions & { code?: string } = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.code = options.code ?? 'INTERNAL_ERROR'
    this.shortMessage = shortMessage
    this.details = options.details
  }

  /**
   * Follows the chain of causes from this error down. Without `fn`: the deepest cause. With
   * `fn`: the first error (this one included) for which it is true, or null.
   */
  walk(fn?: (error: unknown) => boolean): unknown {
    return walk(this, fn)
  }
}

function walk(error: unknown, fn?: (error: unknown) => boolean): unknown {
  if (fn?.(error)) return error
  const cause = error instanceof Error ? error.cause : undefined
  if (cause !== undefined && cause !== null) return walk(cause, fn)
  return fn ? null : error
}

/** The environment or config file holds a value the server cannot run with. */
export class ConfigError extends BaseError {
  override name = 'ConfigError'
  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(shortMessage, { ...options, code: 'INVALID_CONFIG' })
  }
}

/** A chain's RPC did not give a usable answer (down, slow, or malformed). */
export class ChainReadError extends BaseError {
  override name = 'ChainReadError'
  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(shortMessage, { ...options, code: 'CHAIN_READ_FAILED' })
  }
}

/**
 * A request the domain refuses, for a reason the caller can act on: the code names the rule,
 * the message says what to do. Each subclass is one kind of refusal.
 */
export abstract class RefusalError extends BaseError {
  constructor(code: string, message: string, options: BaseErrorOptions = {}) {
    super(message, { ...options, code })
  }
}

/** The input is malformed or names something this instance does not offer. */
export class ValidationError extends RefusalError {
  override name = 'ValidationError'
}

/** The request's params, query or body, or one of their fields, is wrong (INVALID_REQUEST naming the field). */
export class RequestValidationError extends ValidationError {
  override name = 'RequestValidationError'
  constructor(message: string, options: BaseErrorOptions = {}) {
    super('INVALID_REQUEST', message, options)
  }
}

/** Nobody (or nobody we believe) is behind the request. */
export class UnauthenticatedError extends RefusalError {
  override name = 'UnauthenticatedError'
}

/** The caller is known but may not do this. */
export class ForbiddenError extends RefusalError {
  override name = 'ForbiddenError'
}

/** No such thing, or not one the caller may see (another merchant's link reads as missing). */
export class NotFoundError extends RefusalError {
  override name = 'NotFoundError'
}

/** A payment link that does not exist (or, with `ofMerchant`, is not the merchant's). */
export class LinkNotFoundError extends NotFoundError {
  override name = 'LinkNotFoundError'
  constructor(linkId: string, { ofMerchant = false }: { ofMerchant?: boolean } = {}) {
    super('LINK_NOT_FOUND', `No payment link ${linkId}${ofMerchant ? ' of yours' : ''}.`)
  }
}

/** The request clashes with the current state (e.g. redeliver without a webhook URL). */
export class ConflictError extends RefusalError {
  override name = 'ConflictError'
}

/** A per-merchant cap is reached (open links, API keys). */
export class LimitError extends ConflictError {
  override name = 'LimitError'
}

/** Too many requests from one client in a window. */
export class RateLimitedError extends RefusalError {
  override name = 'RateLimitedError'
  constructor(message: string) {
    super('RATE_LIMITED', message)
  }
}

/** Something we depend on (a chain, the devnet) gave no usable answer: worth a retry later. */
export class UnavailableError extends RefusalError {
  override name = 'UnavailableError'
}

/** A service we pass requests through answered badly or not at all. */
export class UpstreamError extends RefusalError {
  override name = 'UpstreamError'
}

/**
 * A sign-in refused by one named check. The code says which check failed, so the client (and
 * a person reading logs) can tell a stale nonce from a bad signature. Each check also says
 * which kind of refusal it is, since the same family holds all three: 400 the message is
 * malformed or names what we do not offer, 401 it does not prove who signed, 403 it came from
 * the wrong place. `http/errorHandling.ts` answers with that status.
 * (Here with the rest of the tree, so the HTTP mapping needs no import from siwx/.)
 */
export class SiwxError extends RefusalError {
  override name = 'SiwxError'
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
