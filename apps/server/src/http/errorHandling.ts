import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.js'

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

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error: { code, message } })
}

/**
 * Every error leaves as `{ error: { code, message } }`. Caller mistakes keep their 4xx;
 * only faults of the server itself become 500, with a generic sentence (details go to the log).
 */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.shortMessage)
      return sendError(reply, error.statusCode, error.code, error.shortMessage)
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
    return sendError(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`)
  })
}
