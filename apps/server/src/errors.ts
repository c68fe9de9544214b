/**
 * The server's error tree, rooted in one class so callers can branch on the class and
 * people can read the message. `shortMessage` is the sentence; `details` adds context.
 */
export interface BaseErrorOptions {
  details?: string
  cause?: unknown
}

export class BaseError extends Error {
  override name = 'PaylinkError'
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
  }
}

/** The environment or config file holds a value the server cannot run with. */
export class ConfigError extends BaseError {
  override name = 'ConfigError'
}

/** A chain's RPC did not give a usable answer (down, slow, or malformed). */
export class ChainReadError extends BaseError {
  override name = 'ChainReadError'
}

/**
 * An error a route answers with as-is: a status, a SNAKE_CASE code and a sentence.
 * Anything else reaching the error handler is treated as a server fault.
 */
export class HttpError extends BaseError {
  override name = 'HttpError'
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options: BaseErrorOptions = {},
  ) {
    super(message, options)
  }
}

/** The request's params, query or body did not match the route's schema. */
export class RequestValidationError extends HttpError {
  override name = 'RequestValidationError'
  constructor(message: string, options: BaseErrorOptions = {}) {
    super(400, 'INVALID_REQUEST', message, options)
  }
}
