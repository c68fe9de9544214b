import { createHash, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { Db } from '../db/openDatabase.js'
import { ConflictError, UnprocessableError, ValidationError } from '../errors.js'
import type { IdempotentScope } from '../http/routeRegistry.js'
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  type ClaimResult,
  type IdempotencyRow,
} from './idempotencyStore.js'

export const idempotencyKeyHeader = 'idempotency-key'
export const maxIdempotencyKeyLength = 255

export interface IdempotentRun {
  request: FastifyRequest
  reply: FastifyReply
  key: string | string[]
  scope: IdempotentScope
  /** `METHOD /url/:pattern`: a key reused on another route is another body. */
  route: string
  /** The parsed params, query and body. */
  input: unknown
  handler: () => unknown
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a route that opted in (`idempotent` in its spec) under the request's Idempotency-Key. */
    idempotency: { run(run: IdempotentRun): Promise<unknown> }
  }
}

export interface IdempotencyOptions {
  db: Db
  /** How long a second request waits for the first with its key before 409 IDEMPOTENCY_KEY_IN_USE (default 5000). */
  waitMs?: number
  /** An in-flight claim older than this is a dead process's, taken over (default 60). */
  staleAfterSeconds?: number
}

const pollMs = 50

/** What "the same request" means under one key: the route and its parsed params, query and body. */
export function idempotentRequestHash(route: string, input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([route, input]))
    .digest('hex')
}
const pruneEveryMs = 10 * 60_000

/**
 * Stripe's Idempotency-Key for the routes that create or change something: the first
 * request with a key claims a row in Postgres (so two processes agree), runs, and stores its
 * answer unless it is a 5xx; a later one with the key and the same input gets that answer again
 * with `Idempotent-Replayed: true`, another input 422 IDEMPOTENCY_KEY_REUSED. Keys are per merchant (on a
 * public route, the merchant of what it acts on: a reusable link's for its orders).
 */
const idempotencyPluginFn: FastifyPluginAsync<IdempotencyOptions> = async (
  app,
  { db, waitMs = 5000, staleAfterSeconds = 60 },
) => {
  const owned = new WeakMap<FastifyRequest, IdempotencyRow & { owner: string; settled: boolean }>()
  let lastPruned = 0

  const release = async (request: FastifyRequest) => {
    const row = owned.get(request)
    if (!row || row.settled) return
    row.settled = true
    await releaseIdempotencyKey(db, row).catch((error: unknown) =>
      request.log.warn({ err: error }, 'releasing an idempotency key failed; it is taken over once stale'),
    )
  }

  app.decorate('idempotency', {
    async run({ request, reply, key, scope, route, input, handler }: IdempotentRun): Promise<unknown> {
      if (typeof key !== 'string' || key.length === 0 || key.length > maxIdempotencyKeyLength)
        throw new ValidationError(
          'INVALID_IDEMPOTENCY_KEY',
          `Idempotency-Key must be one header of 1 to ${maxIdempotencyKeyLength} characters.`,
        )
      const merchant =
        scope !== true && 'merchantOf' in scope
          ? await scope.merchantOf((input as { params: unknown }).params)
          : (await app.requireMerchant(request, scope === true ? {} : scope)).id
      const requestHash = idempotentRequestHash(route, input)
      const owner = randomBytes(12).toString('base64url')

      if (Date.now() - lastPruned > pruneEveryMs) {
        lastPruned = Date.now()
        await pruneIdempotencyKeys(db).catch((error: unknown) =>
          request.log.warn({ err: error }, 'pruning expired idempotency keys failed; trying again later'),
        )
      }
      const claim = () => claimIdempotencyKey(db, { merchant, key, requestHash, owner, staleAfterSeconds })
      let result: ClaimResult = await claim()
      // Stripe answers a concurrent retry 409 at once; a short wait instead lets a client's quick
      // retry (a timeout shorter than our answer) get the answer itself.
      for (const deadline = Date.now() + waitMs; result.kind === 'in_flight' && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, pollMs))
        result = await claim()
      }
      switch (result.kind) {
        case 'in_flight':
          throw new ConflictError(
            'IDEMPOTENCY_KEY_IN_USE',
            'Another request with this Idempotency-Key is still running; retry once it has finished.',
          )
        case 'reused':
          throw new UnprocessableError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with another request (method, path or body) in the last 24 hours.',
          )
        case 'completed':
          reply.code(result.statusCode).header('idempotent-replayed', 'true').header('cache-control', 'no-store')
          if (result.contentType) reply.type(result.contentType)
          return reply.send(result.body)
        case 'claimed':
          owned.set(request, { merchant, key, owner, settled: false })
          return handler()
      }
    },
  })

  // The answer as it leaves (handler's value or the error handler's), stored before it is sent,
  // so a replay arriving right after sees it.
  app.addHook('onSend', async (request, reply, payload) => {
    const row = owned.get(request)
    if (!row || row.settled) return payload
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null
    if (reply.statusCode >= 500 || !storable) {
      await release(request)
      return payload
    }
    row.settled = true
    const contentType = reply.getHeader('content-type')
    try {
      await completeIdempotencyKey(db, row, {
        statusCode: reply.statusCode,
        body: payload == null ? '' : payload.toString(),
        contentType: typeof contentType === 'string' ? contentType : null,
      })
    } catch (error) {
      request.log.warn({ err: error }, 'storing an idempotent answer failed; the key is released')
      row.settled = false
      await release(request)
    }
    return payload
  })
  // An answer that never went through onSend (the client left): let the key be used again.
  // Not on abort: the handler may still be working, and a retry must not start it twice.
  app.addHook('onResponse', async (request) => release(request))
}

export const idempotencyPlugin = fastifyPlugin(idempotencyPluginFn, { name: 'paylink-idempotency' })
