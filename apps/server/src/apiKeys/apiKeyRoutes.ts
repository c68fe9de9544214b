import { apiErrorSchema, apiKeyIdParamsSchema, apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import type { RateLimit } from '../siwx/siwxRoutes.js'
import { HttpError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import { requireMerchant } from '../links/requireMerchant.js'
import { createApiKey, listApiKeys, revokeApiKey } from './apiKeyStore.js'

export interface ApiKeyRoutesOptions {
  db: Db
  /** MERCHANTS as merchant ids; null: any signed-in account. */
  merchants: ReadonlySet<string> | null
  maxApiKeysPerMerchant: number
  /** POST /api/keys per IP. */
  createRateLimit: RateLimit
}

const unauthorized = { description: 'Not signed in (UNAUTHENTICATED)', schema: apiErrorSchema }
const sessionOnly = {
  description: 'Sent with an API key: keys are managed from a session (SESSION_REQUIRED); not on the MERCHANTS list (NOT_A_MERCHANT)',
  schema: apiErrorSchema,
}

export const apiKeyRoutes: FastifyPluginAsync<ApiKeyRoutesOptions> = async (app, { db, merchants, maxApiKeysPerMerchant, createRateLimit }) => {
  const sessionMerchant = { allowApiKey: false, allowed: merchants }
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/keys',
      operationId: 'createApiKey',
      summary: 'Create an API key (the token is shown only in this answer)',
      tags: ['api keys'],
      body: createApiKeyBodySchema,
      rateLimit: createRateLimit,
      responses: {
        201: { description: 'The key with its token', schema: createdApiKeySchema },
        401: unauthorized,
        403: sessionOnly,
        409: { description: `Already at the per-merchant cap of live keys (TOO_MANY_API_KEYS)`, schema: apiErrorSchema },
        429: { description: 'Too many keys created from this address (RATE_LIMITED)', schema: apiErrorSchema },
      },
    },
    async ({ body, request, reply }) => {
      const merchant = await requireMerchant(request, db, sessionMerchant)
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
      responses: { 200: { description: 'Keys, newest first', schema: apiKeyListSchema }, 401: unauthorized, 403: sessionOnly },
    },
    async ({ request }) => {
      const merchant = await requireMerchant(request, db, sessionMerchant)
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
      const merchant = await requireMerchant(request, db, sessionMerchant)
      if (!(await revokeApiKey(db, merchant, params.id))) throw new HttpError(404, 'API_KEY_NOT_FOUND', `No live API key ${params.id} of yours.`)
      return reply.code(204).send()
    },
  )
}
