import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  RefusalError,
  SiwxError,
  UnauthenticatedError,
  UnavailableError,
  UnprocessableError,
  UpstreamError,
  ValidationError,
} from '../errors.js'

export interface ErrorHandlingOptions {
  /**
   * Given first refusal on a request no route matched (the web app's client-side routes).
   * Returns true when it answered.
   */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>
}

/** Fastify's own request errors, mapped to stable API codes. */
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_REQUEST',
  FST_ERR_VALIDATION: 'INVALID_REQUEST',
}

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

/**
 * The one table from the domain's error tree to HTTP: the first class an error is an instance
 * of gives the status (subclasses such as LinkNotFoundError or LimitError inherit theirs).
 * A sign-in refusal says itself which of 400/401/403 it is.
 */
const statusOfRefusal: ReadonlyArray<readonly [abstract new (...args: never[]) => RefusalError, number]> = [
  [ValidationError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnprocessableError, 422],
  [RateLimitedError, 429],
  [UpstreamError, 502],
  [UnavailableError, 503],
]

/** The HTTP status a domain refusal is answered with, or null for an error that is not a refusal (a fault: 500). */
export function statusOf(error: unknown): number | null {
  if (error instanceof SiwxError) return error.statusCode
  if (!(error instanceof RefusalError)) return null
  return statusOfRefusal.find(([errorClass]) => error instanceof errorClass)?.[1] ?? null
}

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error: { code, message } })
}

/**
 * Every error leaves as `{ error: { code, message } }`. Caller mistakes keep their 4xx;
 * only faults of the server itself become 500, with a generic sentence (details go to the log).
 */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError | RefusalError | Error, request, reply) => {
    const refusalStatus = statusOf(error)
    if (refusalStatus !== null) {
      const refusal = error as RefusalError
      if (refusalStatus >= 500) request.log.warn({ err: error }, refusal.shortMessage)
      return sendError(reply, refusalStatus, refusal.code, refusal.shortMessage)
    }
    const fastifyError = error as FastifyError
    const status = fastifyError.statusCode
    if (status && status >= 400 && status < 500) {
      const code = (fastifyError.code && fastifyCodes[fastifyError.code]) ?? statusCodes[status] ?? 'BAD_REQUEST'
      return sendError(reply, status, code, fastifyError.message)
    }
    request.log.error({ err: error }, 'request failed')
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on the server. The error has been logged.')
  })

  app.setNotFoundHandler(async (request, reply) => {
    if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply
    // Echo at most 200 characters of the path: the answer must stay small whatever was sent.
    const path = request.url.split('?')[0]!
    return sendError(
      reply,
      404,
      'NOT_FOUND',
      `No route for ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`,
    )
  })
}
