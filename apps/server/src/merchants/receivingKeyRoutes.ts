import {
  apiErrorSchema,
  putReceivingKeyBodySchema,
  receivingKeyAnswerSchema,
  receivingKeyParamsSchema,
  type Network,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineRoute } from '../http/defineRoute.js'
import { merchantOnlyResponses } from '../http/merchantResponses.js'
import { readReceivingKey, removeReceivingKey, saveReceivingKey } from './receivingKeyService.js'

export interface ReceivingKeyRoutesOptions {
  db: Db
  /** The configured networks: the answer shows the next address on each Bitcoin one the key is for. */
  networks: readonly Network[]
}

/**
 * The merchant's watch-only receiving key per chain family (Bitcoin only): each new BTC link
 * gets its own address derived from it. Session or API key, like the link routes.
 */
export const receivingKeyRoutes: FastifyPluginAsync<ReceivingKeyRoutesOptions> = async (app, { db, networks }) => {
  const url = '/api/merchant/receiving-keys/:namespace'
  const tags = ['receiving keys']

  defineRoute(
    app,
    {
      method: 'GET',
      url,
      operationId: 'getReceivingKey',
      summary: "The merchant's saved watch-only key and the index the next link gets",
      tags,
      params: receivingKeyParamsSchema,
      responses: {
        200: { description: 'The key, or null when none is saved', schema: receivingKeyAnswerSchema },
        ...merchantOnlyResponses,
      },
    },
    async ({ params, request }) => {
      const merchant = await app.requireMerchant(request)
      return { receivingKey: await readReceivingKey(db, merchant, params.namespace, networks) }
    },
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url,
      operationId: 'putReceivingKey',
      summary:
        'Save (or replace) the watch-only key: an xpub/zpub/tpub/vpub or a wpkh()/tr() descriptor, never a private key',
      tags,
      params: receivingKeyParamsSchema,
      body: putReceivingKeyBodySchema,
      responses: {
        200: { description: 'The saved key', schema: receivingKeyAnswerSchema },
        400: {
          description:
            'Not a watch-only key (INVALID_REQUEST naming body.key), or a private key (SPENDING_KEY_REFUSED)',
          schema: apiErrorSchema,
        },
        ...merchantOnlyResponses,
      },
    },
    async ({ body, params, request }) => {
      const merchant = await app.requireMerchant(request)
      await saveReceivingKey(db, merchant, params.namespace, body.key, 'body.key')
      return { receivingKey: await readReceivingKey(db, merchant, params.namespace, networks) }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url,
      operationId: 'deleteReceivingKey',
      summary: 'Forget the saved key (links already made keep their addresses; indexes are never reused)',
      tags,
      params: receivingKeyParamsSchema,
      responses: { 204: { description: 'Removed (or there was none)' }, ...merchantOnlyResponses },
    },
    async ({ params, request, reply }) => {
      const merchant = await app.requireMerchant(request)
      await removeReceivingKey(db, merchant, params.namespace)
      return reply.code(204).send()
    },
  )
}
