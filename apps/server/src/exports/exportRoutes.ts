import { Readable } from 'node:stream'
import { paymentsCsvQuerySchema, type Asset } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import { streamPaymentsCsv } from './streamPaymentsCsv.js'

export interface ExportRoutesOptions {
  db: Db
  assets: readonly Asset[]
}

/** Exports for accounting. Needs `app.requireMerchant` (merchants/). */
export const exportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (app, { db, assets }) => {
  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/payments.csv',
      operationId: 'exportPaymentsCsv',
      summary: "The merchant's payments as CSV (RFC 4180), oldest first",
      description:
        "Signed-in merchant or API key. Filters: `from` (inclusive) and `to` (exclusive) on the time the payment was recorded (a date or an ISO 8601 time with a zone), `status`. Columns: payment_id, link_id, link_title, network, asset, symbol, amount (decimal, asset units), fiat_currency, fiat_value, rate (fiat-priced links: the quote the payment was judged against), payer, transaction, status, reason, confirmations, required_confirmations, late, created_at, detected_at, confirmed_at, refunded, refund_transactions. A text field starting with = + - @, tab or CR is prefixed with ' so spreadsheets do not run it. Streamed.",
      tags: ['payments'],
      querystring: paymentsCsvQuerySchema,
      responses: {
        200: { description: 'CSV with a header row', contentType: 'text/csv' },
        400: errorResponse('A bad filter (INVALID_REQUEST naming query.from, query.to or query.status)'),
      },
    },
    async ({ query, reply, merchant }) => {
      const day = new Date().toISOString().slice(0, 10)
      reply
        .header('content-disposition', `attachment; filename="paylink-payments-${day}.csv"`)
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(streamPaymentsCsv({ db, merchant, query, assets })))
    },
  )
}
