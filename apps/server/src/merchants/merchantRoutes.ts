import {
  apiErrorSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '@paylink/shared'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { Db } from '../db/openDatabase.js'
import { defineRoute } from '../http/defineRoute.js'
import type { RateLimit } from '../http/routeRegistry.js'
import { sessionCookieName } from '../siwx/sessionToken.js'
import { createApiKey, listApiKeys, revokeApiKey } from './apiKeyStore.js'
import { identifyMerchant } from './identifyMerchant.js'
import type { Merchant } from './merchant.js'

export interface RequireMerchantOptions {
  /** Accept `Authorization: Bearer <api key>` (default true; key management takes a session only). */
  allowApiKey?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The merchant behind a request (API key or session cookie) who may sell on this instance,
     * else UNAUTHENTICATED / INVALID_API_KEY (401), NOT_A_MERCHANT / SESSION_REQUIRED (403).
     * Call it after the input is parsed, so a malformed request is 400 whoever sends it.
     */
    requireMerchant(request: FastifyRequest, options?: RequireMerchantOptions): Promise<Merchant>
  }
}

export interface MerchantRoutesOptions {
  db: Db
  /** MERCHANTS as merchant ids; null: any signed-in account. */
  merchants: ReadonlySet<string> | null
  maxApiKeysPerMerchant: number
  /** POST /api/keys per IP. */
  createRateLimit: RateLimit
}

const unauthorized = { description: 'Not signed in (UNAUTHENTICATED)', schema: apiErrorSchema }
const sessionOnly = {
  description:
    'Sent with an API key: keys are managed from a session (SESSION_REQUIRED); not on the MERCHANTS list (NOT_A_MERCHANT)',
  schema: apiErrorSchema,
}

/**
 * Merchants: decorates the app with `requireMerchant` (for every feature's merchant routes) and
 * serves the API key routes. Not encapsulated, so the decoration reaches the sibling plugins
 * registered after this one.
 */
const merchantRoutesPlugin: FastifyPluginAsync<MerchantRoutesOptions> = async (
  app,
  { db, merchants, maxApiKeysPerMerchant, createRateLimit },
) => {
  app.decorate('requireMerchant', (request: FastifyRequest, { allowApiKey = true }: RequireMerchantOptions = {}) =>
    identifyMerchant(db, {
      authorization: request.headers.authorization,
      sessionToken: request.cookies?.[sessionCookieName],
      allowApiKey,
      allowed: merchants,
    }),
  )
  const sessionOnlyMerchant = { allowApiKey: false }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/keys',
      operationId: 'createApiKey',
      idempotent: { allowApiKey: false },
      summary: 'Create an API key (the token is shown only in this answer)',
      tags: ['api keys'],
      body: createApiKeyBodySchema,
      rateLimit: createRateLimit,
      responses: {
        201: { description: 'The key with its token', schema: createdApiKeySchema },
        401: unauthorized,
        403: sessionOnly,
        409: {
          description: `Already at the per-merchant cap of live keys (TOO_MANY_API_KEYS)`,
          schema: apiErrorSchema,
        },
        429: { description: 'Too many keys created from this address (RATE_LIMITED)', schema: apiErrorSchema },
      },
    },
    async ({ body, request, reply }) => {
      const merchant = await app.requireMerchant(request, sessionOnlyMerchant)
      reply.header('cache-control', 'no-store')
      return reply.code(201).send(await createApiKey(db, merchant, body.name, maxApiKeysPerMerchant))
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/keys',
      operationId: 'listApiKeys',
      summary: "The signed-in merchant's live API keys (without tokens)",
      tags: ['api keys'],
      responses: {
        200: { description: 'Keys, newest first', schema: apiKeyListSchema },
        401: unauthorized,
        403: sessionOnly,
      },
    },
    async ({ request }) => {
      const merchant = await app.requireMerchant(request, sessionOnlyMerchant)
      return { keys: await listApiKeys(db, merchant) }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      tags: ['api keys'],
      params: apiKeyIdParamsSchema,
      responses: {
        204: { description: 'Revoked' },
        401: unauthorized,
        403: sessionOnly,
        404: { description: 'No such live key of yours (API_KEY_NOT_FOUND)', schema: apiErrorSchema },
      },
    },
    async ({ params, request, reply }) => {
      const merchant = await app.requireMerchant(request, sessionOnlyMerchant)
      await revokeApiKey(db, merchant, params.id)
      return reply.code(204).send()
    },
  )
}

export const merchantRoutes = fastifyPlugin(merchantRoutesPlugin, { name: 'paylink-merchants', fastify: '5.x' })
