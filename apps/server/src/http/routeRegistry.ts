import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Anything with zod's `safeParse`. Kept structural so schemas from `@paylink/shared`
 * (which resolves its own copy of zod) and from this package both fit.
 */
export interface Schema<T = unknown> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }
}
export type Infer<S> = S extends Schema<infer T> ? T : undefined

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteResponse {
  description: string
  /** Omit for a body that is not JSON (then say what it is in `contentType`). */
  schema?: Schema
  contentType?: string
}

/** A per-IP request limit (@fastify/rate-limit): `max` requests per `timeWindow` (ms or '1 minute'). */
export interface RateLimit {
  max: number
  timeWindow: number | string
}

/**
 * A route that honours `Idempotency-Key`. Keys are per merchant, so the route says whose: `true` (the
 * signed-in merchant), the merchant check's options (`{ allowApiKey: false }` for a session-only
 * route), or, for a public route, `merchantOf` its params (a reusable link's orders: the link's
 * merchant; it throws the route's own 404 for what does not exist).
 */
export type IdempotentScope<P = unknown> = true | { allowApiKey: boolean } | { merchantOf(params: P): Promise<string> }

/** One API route as the OpenAPI document and the request parser both see it. */
export interface RouteSpec<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
> {
  method: HttpMethod
  /** Fastify syntax: `/api/links/:id`. */
  url: string
  operationId: string
  summary: string
  description?: string
  tags?: string[]
  params?: P
  querystring?: Q
  body?: B
  /** Bytes; defaults to Fastify's 1 MiB. */
  bodyLimit?: number
  /** Per-IP limit (@fastify/rate-limit); omit for none. */
  rateLimit?: RateLimit
  /** Creates or changes something for a merchant: an `Idempotency-Key` makes a retry safe. */
  idempotent?: IdempotentScope<Infer<P>>
  responses: Record<number, RouteResponse>
}

export interface RouteInput<P, Q, B> {
  params: P
  query: Q
  body: B
  request: FastifyRequest
  reply: FastifyReply
}

/** Every route's spec, in registration order: the source of `/api/openapi.json`. */
export class RouteRegistry {
  readonly #routes: RouteSpec[] = []

  add(spec: RouteSpec): void {
    const duplicate = this.#routes.find((r) => r.operationId === spec.operationId)
    if (duplicate) throw new Error(`operationId "${spec.operationId}" is registered twice`)
    this.#routes.push(spec)
  }

  list(): readonly RouteSpec[] {
    return this.#routes
  }
}
