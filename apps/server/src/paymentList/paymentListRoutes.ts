import { paymentListQuerySchema, paymentListSchema, type Asset } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import { listPayments } from './listPayments.js'

export interface PaymentListRoutesOptions {
  db: Db
  assets: readonly Asset[]
}

/** The merchant's payments across links. Needs `app.requireMerchant` (merchants/). */
export const paymentListRoutes: FastifyPluginAsync<PaymentListRoutesOptions> = async (app, { db, assets }) => {
  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/payments',
      operationId: 'listPayments',
      summary: "The merchant's payments across all links, newest first, with totals per asset",
      description:
        'Signed-in merchant or API key. Filters: `status`, `asset` (CAIP-19), `from` (inclusive) and `to` (exclusive) on the time the payment was recorded, `q` (a whole link id, payment id, transaction id or payer address in any case, or a piece of the link title; for a renewal the collector pulled (`kind` subscription), its subscription or plan id or a piece of the plan name). `totals` sum every matching payment per asset (confirmed and confirming, decimal strings), not only the page. `limit` 1-200 (default 50); read older pages with `after=<nextCursor>` and the same filters.',
      tags: ['payments'],
      querystring: paymentListQuerySchema,
      responses: {
        200: { description: 'A page of payments and the totals', schema: paymentListSchema },
        400: errorResponse(
          'A bad filter or cursor (INVALID_REQUEST naming query.status, query.asset, query.from, query.to, query.q, query.after or query.limit)',
        ),
      },
    },
    async ({ query, merchant }) => listPayments({ db, merchant, query, assets }),
  )
}
