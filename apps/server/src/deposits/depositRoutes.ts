import { collectDepositsBodySchema, collectTransactionSchema, depositsSchema } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse, merchantOnlyResponses } from '../http/merchantResponses.js'
import { buildCollectTransaction } from './buildCollectTransaction.js'
import { readWaitingDeposits, type DepositSetup } from './readWaitingDeposits.js'

export interface DepositRoutesOptions extends DepositSetup {
  db: Db
}

const unavailable = errorResponse("The network's RPC did not answer (CHAIN_READ_FAILED)")

/** Scan-to-pay deposit addresses (merchant): what waits there, and the transaction that collects it. Needs `app.requireMerchant`. */
export const depositRoutes: FastifyPluginAsync<DepositRoutesOptions> = async (app, { db, ...setup }) => {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/deposits',
      operationId: 'listDeposits',
      summary: "What waits at the merchant's deposit addresses, per network",
      description:
        'Read from the chain now: native coin and configured tokens at the newest 2,000 deposit addresses of your links per network; only what is above zero.',
      tags: ['deposits'],
      responses: {
        200: { description: 'Per network', schema: depositsSchema },
        ...merchantOnlyResponses,
        502: unavailable,
      },
    },
    async ({ request, reply }) => {
      const merchant = await app.requireMerchant(request)
      reply.header('cache-control', 'no-store')
      const networks = await readWaitingDeposits(db, merchant, setup)
      return { networks: networks.map(({ tokensHeld: _tokensHeld, ...network }) => network) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposits/collect',
      operationId: 'collectDeposits',
      idempotent: true,
      summary: 'The unsigned transaction that collects deposit addresses to their recipients',
      description:
        "Send it from your own wallet: PaylinkDepositFactory.collect deploys each waiting forwarder and moves its native coin and tokens to the option's recipient, up to 40 addresses per transaction (`remaining` says how many still wait). The server never signs.",
      tags: ['deposits'],
      body: collectDepositsBodySchema,
      responses: {
        200: { description: 'The transaction request', schema: collectTransactionSchema },
        400: errorResponse('A field is wrong (INVALID_REQUEST naming it)'),
        ...merchantOnlyResponses,
        409: errorResponse('Nothing waits on that network (NOTHING_TO_COLLECT)'),
        502: unavailable,
      },
    },
    async ({ body, request, reply }) => {
      const merchant = await app.requireMerchant(request)
      reply.header('cache-control', 'no-store')
      return buildCollectTransaction(db, merchant, setup, body.caipNetworkId)
    },
  )
}
