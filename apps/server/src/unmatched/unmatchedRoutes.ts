import {
  attachUnmatchedBodySchema,
  refundUnmatchedBodySchema,
  resourceIdSchema,
  unmatchedListSchema,
  unmatchedPaymentSchema,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import { attachUnmatched, listUnmatched, markUnmatchedRefunded } from './unmatchedActions.js'

export interface UnmatchedRoutesOptions {
  db: Db
  /** Tells this process's link views that a link changed (the NOTIFY reaches the others). */
  onLinkChanged: (linkId: string) => void
}

const params = z.strictObject({ id: resourceIdSchema })

/** Payments that reached the merchant but no open option: listed, attached to a link, or marked refunded. Needs `app.requireMerchant`. */
export const unmatchedRoutes: FastifyPluginAsync<UnmatchedRoutesOptions> = async (app, { db, onLinkChanged }) => {
  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/unmatched',
      operationId: 'listUnmatched',
      summary: 'Payments that reached you but paid no open option',
      description:
        "Signed-in merchant or API key. Transfers to your receiving addresses with no link, or to a closed link's deposit address or reference (paid, expired, deactivated), newest first (at most 500), each with its status: unmatched, attached (to `attachedLinkId`) or refunded.",
      tags: ['payments'],
      responses: {
        200: { description: 'The unmatched payments', schema: unmatchedListSchema },
      },
    },
    async ({ merchant }) => ({ unmatched: await listUnmatched(db, merchant) }),
  )

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/unmatched/:id/attach',
      operationId: 'attachUnmatched',
      idempotent: true,
      summary: 'Count an unmatched payment for one of your links',
      description:
        "Signed-in merchant or API key. The payment becomes a confirmed payment of the link's option in its network and asset and counts by the usual rules (the link may turn Paid; `payment.confirmed` and `link.paid` follow). Once only: the transfer then counts for that payment and no other.",
      tags: ['payments'],
      params,
      body: attachUnmatchedBodySchema,
      responses: {
        200: { description: 'Attached', schema: unmatchedPaymentSchema },
        400: errorResponse('A malformed id or body (INVALID_REQUEST)'),
        404: errorResponse('No such unmatched payment or link of yours (UNMATCHED_NOT_FOUND, LINK_NOT_FOUND)'),
        409: errorResponse(
          'UNMATCHED_ALREADY_ATTACHED, UNMATCHED_ALREADY_REFUNDED, UNMATCHED_ASSET_MISMATCH (the link takes no such asset on that network), UNMATCHED_RECIPIENT_MISMATCH, UNMATCHED_TX_ON_LINK, UNMATCHED_ALREADY_COUNTED',
        ),
      },
    },
    async ({ params, body, merchant }) => {
      const attached = await attachUnmatched(db, merchant, params.id, body.linkId)
      onLinkChanged(attached.linkId)
      return attached.unmatched
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/unmatched/:id/refunded',
      operationId: 'markUnmatchedRefunded',
      idempotent: true,
      summary: 'Mark an unmatched payment refunded',
      description:
        'Signed-in merchant or API key. You sent the money back from your wallet; `refundTxHash` records that transaction (not read on chain). An attached payment is refunded from its link instead.',
      tags: ['payments'],
      params,
      body: refundUnmatchedBodySchema,
      responses: {
        200: { description: 'Marked refunded', schema: unmatchedPaymentSchema },
        400: errorResponse('A malformed id or body (INVALID_REQUEST)'),
        404: errorResponse('No such unmatched payment of yours (UNMATCHED_NOT_FOUND)'),
        409: errorResponse('UNMATCHED_ALREADY_ATTACHED, UNMATCHED_ALREADY_REFUNDED'),
      },
    },
    async ({ params, body, merchant }) => markUnmatchedRefunded(db, merchant, params.id, body.refundTxHash),
  )
}
