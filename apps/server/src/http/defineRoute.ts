import type { FastifyInstance } from 'fastify'
import { apiErrorSchema } from '@paylink/shared'
import { RequestValidationError } from '../errors.js'
import { formatIssuePath } from '../lib/formatIssuePath.js'
import type { Infer, RouteInput, RouteResponse, RouteSpec, Schema } from './routeRegistry.js'

declare module 'fastify' {
  interface FastifyInstance {
    routeRegistry: import('./routeRegistry.js').RouteRegistry
  }
}

/**
 * Registers a route with Fastify and its spec with the app's RouteRegistry. Params, query
 * and body are parsed with the spec's zod schemas before the handler runs; a mismatch is a
 * 400 INVALID_REQUEST naming the field. The handler's return value is sent as JSON.
 */
export function defineRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<Infer<P>, Infer<Q>, Infer<B>>) => unknown,
): void {
  const hasInput = Boolean(spec.params || spec.querystring || spec.body)
  let responses =
    hasInput && !spec.responses[400]
      ? { ...spec.responses, 400: { description: 'The request does not match the schema', schema: apiErrorSchema } }
      : spec.responses
  if (spec.idempotent) responses = withIdempotencyResponses(responses)
  app.routeRegistry.add({ ...spec, responses })

  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(spec.rateLimit ? { config: { rateLimit: spec.rateLimit } } : {}),
    handler: async (request, reply) => {
      const params = parsePart(spec.params, request.params, 'params')
      const query = parsePart(spec.querystring, request.query, 'query')
      const body = parsePart(spec.body, request.body, 'body')
      const run = () => handler({ params, query, body, request, reply } as RouteInput<Infer<P>, Infer<Q>, Infer<B>>)
      const key = request.headers['idempotency-key']
      if (!spec.idempotent || key === undefined || !app.hasDecorator('idempotency')) return run()
      return app.idempotency.run({
        request,
        reply,
        key,
        scope: spec.idempotent,
        route: `${spec.method} ${spec.url}`,
        input: { params, query, body },
        handler: run,
      })
    },
  })
}

/** What an Idempotency-Key can add to a route's answers: 400 for a bad key, 409 in use, 422 reused. */
function withIdempotencyResponses(responses: Record<number, RouteResponse>): Record<number, RouteResponse> {
  const also = (status: number, description: string): RouteResponse => ({
    description: responses[status] ? `${responses[status].description}; ${description}` : description,
    schema: apiErrorSchema,
  })
  return {
    ...responses,
    400: also(400, 'Idempotency-Key empty or longer than 255 characters (INVALID_IDEMPOTENCY_KEY)'),
    409: also(409, 'A request with this Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE)'),
    422: also(422, 'This Idempotency-Key was used with another request in the last 24 hours (IDEMPOTENCY_KEY_REUSED)'),
  }
}

function parsePart(schema: Schema | undefined, value: unknown, part: string): unknown {
  if (!schema) return value
  const result = schema.safeParse(value)
  if (result.success) {
    // Postgres text and jsonb cannot hold U+0000: refuse it here, naming the field, rather
    // than fail at the database with a 500. Covers every field of every route, present and future.
    const nul = findNul(result.data, [])
    if (nul) throw new RequestValidationError(`${where(part, nul)}: must not contain the NUL character (U+0000)`)
    return result.data
  }
  const issue = result.error.issues[0]
  throw new RequestValidationError(`${where(part, issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`)
}

function where(part: string, issuePath: ReadonlyArray<PropertyKey>): string {
  const path = formatIssuePath(issuePath)
  return path ? `${part}${path.startsWith('[') ? '' : '.'}${path}` : part
}

/** The path of the first string (or object key) holding U+0000, or null. */
function findNul(value: unknown, path: PropertyKey[]): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, i])
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? [...path, key] : findNul(item, [...path, key])
      if (found) return found
    }
  }
  return null
}
