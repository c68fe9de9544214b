import {
  createRefundBodySchema,
  giveRefundAddressBodySchema,
  givenRefundAddressResponseSchema,
  listedPaymentSchema,
  paymentIdParamsSchema,
  recordedRefundSchema,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import type { RateLimit } from '../http/routeRegistry.js'
import { giveRefundAddress } from './giveRefundAddress.js'
import type { RefundChainReaders } from './readForRefund.js'
import { readMerchantPayment } from './readMerchantPayment.js'
import { recordRefund } from './recordRefund.js'

export interface RefundRoutesOptions {
  db: Db
  readerOf: RefundChainReaders
  /** Tells this process's link views that a link changed (the NOTIFY reaches the others). */
  onLinkChanged: (linkId: string) => void
  /** Per IP: every refund (and every refund address a payer gives) costs a chain read. */
  rateLimit: RateLimit
}

const notFound = errorResponse('No such payment of yours (PAYMENT_NOT_FOUND)')

/**
 * One payment of the merchant, and the refunds its wallet sent (needs `app.requireMerchant`,
 * merchants/); and, public, the refund address a Bitcoin payer gives with a signature.
 */
export const refundRoutes: FastifyPluginAsync<RefundRoutesOptions> = async (
  app,
  { db, readerOf, onLinkChanged, rateLimit },
) => {
  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/payments/:id',
      operationId: 'getPayment',
      summary: 'One of your payments, with its quote and refunds',
      description:
        'Signed-in merchant or API key. The payment as its link shows it (`counted`, `quote`, `refunds`, `refunded`), with the link title and the asset symbol.',
      tags: ['payments'],
      params: paymentIdParamsSchema,
      responses: {
        200: { description: 'The payment', schema: listedPaymentSchema },
        404: notFound,
      },
    },
    async ({ params, merchant }) => readMerchantPayment(db, merchant, params.id),
  )

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/payments/:id/refunds',
      operationId: 'recordRefund',
      idempotent: true,
      summary: 'Record a refund your wallet sent, once the server has read it on chain',
      description:
        "Signed-in merchant or API key. Paylink holds no funds: the merchant sends the refund from the wallet that received the payment (the option's recipient) and posts the transaction id here. The server reads it on chain and records it only if it is mined, succeeded, moves the payment's asset from the option's recipient to the address that paid (EVM, Solana; on Bitcoin to `refundAddress`, which is then required; the Bitcoin sender is not checked) and keeps all refunds within what the payment brought. Then it sends `payment.refunded` (webhook and events feed). The same transaction again answers 200 with the same refund.",
      tags: ['payments'],
      params: paymentIdParamsSchema,
      body: createRefundBodySchema,
      rateLimit,
      responses: {
        201: { description: 'Recorded: the refund and the payment with its refunds', schema: recordedRefundSchema },
        200: {
          description: 'This transaction was recorded before as a refund of this payment',
          schema: recordedRefundSchema,
        },
        400: errorResponse(
          'Not a refund of this payment: INVALID_REQUEST (body.txHash, body.refundAddress), REFUND_TX_NOT_FOUND, REFUND_TX_FAILED, REFUND_WRONG_SENDER, REFUND_WRONG_RECIPIENT, REFUND_WRONG_ASSET, REFUND_ADDRESS_NOT_ALLOWED',
        ),
        404: notFound,
        409: errorResponse(
          "PAYMENT_NOT_REFUNDABLE (not confirmed), REFUND_ABOVE_PAID (the refunds would pass what was paid), REFUND_TX_ALREADY_USED (another payment's refund), REFUND_NOT_MINED (post again once it is in a block)",
        ),
        429: errorResponse('Too many requests from this address (RATE_LIMITED; see Retry-After)'),
        503: errorResponse('The network cannot be read right now (CHAIN_UNAVAILABLE)'),
      },
    },
    async ({ params, body, reply, merchant }) => {
      const recorded = await recordRefund(db, { merchant, paymentId: params.id, body, readerOf })
      if (recorded.created) onLinkChanged(recorded.payment.linkId)
      return reply.code(recorded.created ? 201 : 200).send({ refund: recorded.refund, payment: recorded.payment })
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/payments/:id/refund-address',
      operationId: 'giveRefundAddress',
      summary: 'A Bitcoin payer gives the address to refund, signed by one of the payment’s input addresses',
      description:
        "Public: the signature is the proof. A Bitcoin payment has no single sender to send a refund back to, so the payer says where (the checkout's refund page, `/pay/:linkId/refund`). `message` must be exactly the statement for this payment, `refundAddress` and `issuedAt` (the text `refundAddressMessage` in @paylink/shared writes: it names the link, the payment, its transaction, the refund address and when it was made, so a signature proves nothing for another payment or address); `issuedAt` must be within the last hour (at most 5 minutes ahead of the server's clock); `signature` is its BIP-322 signature (simple or full, base64; a legacy signature for a P2PKH signer) by `signer`, which must be an address one of the payment transaction's inputs spends from, as the network's Esplora reads it now. The address is stored on the payment (`refundAddress` in every payment view) and offered to the merchant's refund form; only a newer statement (a later `issuedAt`) replaces it, so an older statement posted again cannot undo a correction.",
      tags: ['payments'],
      params: paymentIdParamsSchema,
      body: giveRefundAddressBodySchema,
      rateLimit,
      responses: {
        200: { description: 'Stored: the payment with its refundAddress', schema: givenRefundAddressResponseSchema },
        400: errorResponse(
          'Not taken: INVALID_REQUEST (body.refundAddress, body.signer, body.issuedAt), REFUND_ADDRESS_NOT_BITCOIN, REFUND_STATEMENT_STALE (issuedAt over an hour ago or in the future), REFUND_MESSAGE_MISMATCH (the message names another payment or address), REFUND_SIGNATURE_INVALID, REFUND_SIGNER_NOT_AN_INPUT',
        ),
        404: errorResponse('No such payment (PAYMENT_NOT_FOUND)'),
        409: errorResponse(
          "PAYMENT_NOT_REFUNDABLE (failed or reverted), REFUND_STATEMENT_OUTDATED (the stored address was given by a statement as new or newer), PAYMENT_TX_NOT_FOUND (the node does not know the payment's transaction now)",
        ),
        429: errorResponse('Too many requests from this address (RATE_LIMITED; see Retry-After)'),
        503: errorResponse('The network cannot be read right now (CHAIN_UNAVAILABLE)'),
      },
    },
    async ({ params, body, reply }) => {
      const given = await giveRefundAddress(db, { paymentId: params.id, body, readerOf })
      onLinkChanged(given.payment.linkId)
      reply.header('cache-control', 'no-store')
      return given
    },
  )
}
