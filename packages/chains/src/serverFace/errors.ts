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
  readonly code: string
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: BaseErrorOptions & { code?: string } = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    // Each subclass is named after its class, so none writes its own name again; the root keeps its public name.
    this.name = new.target === BaseError ? 'PaylinkError' : new.target.name
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

/** A chain's RPC did not give a usable answer (down, slow, or malformed). */
export class ChainReadError extends BaseError {
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
export class ValidationError extends RefusalError {}

/** The request's params, query or body, or one of their fields, is wrong (INVALID_REQUEST naming the field). */
export class RequestValidationError extends ValidationError {
  constructor(message: string, options: BaseErrorOptions = {}) {
    super('INVALID_REQUEST', message, options)
  }
}

/** The request clashes with the current state (e.g. redeliver without a webhook URL). */
export class ConflictError extends RefusalError {}
