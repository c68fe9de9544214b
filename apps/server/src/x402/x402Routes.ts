import { apiErrorSchema, x402GasSchema as gasSchema, type Asset } from '@paylink/shared'
import type { SettleResponse, VerifyResponse } from '@x402/core/types'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { formatUnits } from 'viem'
import { z } from 'zod'
import type { Db } from '../db/openDatabase.js'
import { UnauthenticatedError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import type { RouteSpec } from '../http/routeRegistry.js'
import type { Merchant } from '../merchants/merchant.js'
import type { EvmFacilitator } from './createEvmFacilitator.js'
import type { SolanaFacilitator } from './createSolanaFacilitator.js'
import { facilitatorRequestSchema, type FacilitatorRequest } from './facilitatorRequest.js'
import { defaultLowGas, x402GasOf, type LowGas } from './x402Gas.js'
import { createPaylinkFacilitator } from './paylinkFacilitator.js'
import { paidUrlRoutes, type PaidUrlRoutesOptions } from './paidUrlRoutes.js'

export interface X402RoutesOptions {
  db: Db
  evm: EvmFacilitator
  /** The Solana fee payer, when X402_SOLANA_SECRET_KEY is set (its scheme joins the EVM networks' on one facilitator). */
  solana?: SolanaFacilitator
  /** The configured assets: a payment is booked in one of them (its symbol and decimals). */
  assets: readonly Asset[]
  /** Under these a gas key is low (X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA; default `defaultLowGas`). */
  lowGas?: LowGas
  /** Paid URLs (/x402/r/…): where Paylink is reached, and what a target URL may be. */
  paidUrls: Pick<PaidUrlRoutesOptions, 'publicOrigin' | 'policy'>
}

const reason = z.string().max(200)
const message = z.string().max(2000)
const address = z.string().max(128)
const verifyResponseSchema = z.object({
  isValid: z.boolean(),
  invalidReason: reason.optional(),
  invalidMessage: message.optional(),
  payer: address.optional(),
})
const settleResponseSchema = z.object({
  success: z.boolean(),
  errorReason: reason.optional(),
  errorMessage: message.optional(),
  payer: address.optional(),
  transaction: z.string().max(256),
  network: z.string().max(128),
})
const supportedResponseSchema = z.object({
  kinds: z.array(
    z.object({
      x402Version: z.number().int(),
      scheme: reason,
      network: reason,
      extra: z.record(reason, z.unknown()).optional(),
    }),
  ),
  extensions: z.array(reason),
  signers: z.record(reason, z.array(address)),
})

const errorResponse = (description: string) => ({ description, schema: apiErrorSchema })
/** The x402 libraries are imported by the first request that needs them (x402Libraries.ts). */
const unavailable = errorResponse('The x402 libraries did not load (X402_UNAVAILABLE): try again later')
/** Verify's and settle's answers: the x402 body, also for Paylink's own refusals. */
const answers = (what: string, schema: typeof verifyResponseSchema | typeof settleResponseSchema) => ({
  200: { description: what, schema },
  400: {
    description:
      'No such scheme and network, an asset Paylink is not configured with, a payload that carries no transfer Paylink can book (not EIP-3009 on EVM, no SPL transferChecked on Solana)',
    schema,
  },
  401: errorResponse('No API key, or an unknown one (UNAUTHENTICATED, INVALID_API_KEY)'),
  403: { description: 'payTo is not an address of the merchant', schema },
  503: unavailable,
})

/**
 * Paylink as an x402 (version 2) facilitator at /x402/facilitator: `HTTPFacilitatorClient({ url:
 * '<origin>/x402/facilitator', createAuthHeaders })` from @x402/core works against it unchanged.
 * Verify and settle take a merchant's API key and pay only to an address that merchant receives
 * at; a settled payment is recorded as the merchant's, once per authorization (EVM) or transaction (Solana).
 */
export const x402Routes: FastifyPluginAsync<X402RoutesOptions> = async (
  app,
  { db, evm, solana, assets, lowGas = defaultLowGas, paidUrls },
) => {
  const merchantOf = async (request: FastifyRequest): Promise<Merchant> => {
    // A key, never the sign-in cookie: a facilitator call comes from the merchant's server, and a
    // cookie-borne settle from any page the merchant visits would spend nobody's money but ours.
    if (request.headers.authorization === undefined)
      throw new UnauthenticatedError('UNAUTHENTICATED', 'Send Authorization: Bearer <api key> of a Paylink merchant.')
    return app.requireMerchant(request)
  }
  const facilitator = createPaylinkFacilitator({ db, evm, assets, ...(solana ? { solana } : {}) })
  await app.register(paidUrlRoutes, { db, facilitator, ...paidUrls })

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/x402/facilitator/supported',
      operationId: 'x402Supported',
      summary: 'x402: the schemes and networks this facilitator verifies and settles',
      description: 'Public: what an x402 resource server asks before it prices a route.',
      tags: ['x402'],
      responses: {
        200: { description: 'Kinds, extensions and signers', schema: supportedResponseSchema },
        503: unavailable,
      },
    },
    () => facilitator.supported(),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/x402/gas',
      operationId: 'x402Gas',
      summary: "The x402 facilitator's gas keys: each one's address and balance on each network it pays on",
      description: `Signed-in merchant or API key. \`low\`: under \`threshold\`, X402_LOW_GAS_EVM of the chain's coin (default ${formatUnits(defaultLowGas.evmWei, 18)}; X402_LOW_GAS_SOLANA SOL for \`solana\`, the Solana fee payer, default ${formatUnits(defaultLowGas.solanaLamports, 9)}), too little for many settlements.`,
      tags: ['x402'],
      responses: {
        200: { description: 'The gas key and its balances', schema: gasSchema },
        401: errorResponse('No session and no valid API key (UNAUTHENTICATED, INVALID_API_KEY)'),
      },
    },
    async ({ request, reply }) => {
      await app.requireMerchant(request)
      reply.header('cache-control', 'no-store')
      return x402GasOf(evm, solana, lowGas)
    },
  )

  /**
   * Verify and settle: a merchant's API key; the answer is the x402 body with the status it
   * carries, also for Paylink's own refusals.
   */
  const facilitatorRoute = <Answer>(
    spec: Pick<RouteSpec, 'url' | 'operationId' | 'summary' | 'description' | 'responses'>,
    call: (merchant: Merchant, body: FacilitatorRequest) => Promise<{ status: number; answer: Answer }>,
  ) =>
    defineRoute(
      app,
      { ...spec, method: 'POST', tags: ['x402'], body: facilitatorRequestSchema },
      async ({ body, request, reply }): Promise<Answer> => {
        const { status, answer } = await call(await merchantOf(request), body)
        reply.code(status)
        return answer
      },
    )

  facilitatorRoute<VerifyResponse>(
    {
      url: '/x402/facilitator/verify',
      operationId: 'x402Verify',
      summary: 'x402: verify a payment payload against its requirements (records nothing)',
      description:
        "Merchant API key. `isValid: false` carries the x402 reason (the scheme's, or `invalid_exact_evm_nonce_already_used` on EVM, `duplicate_settlement` on Solana, for a payment Paylink settled already).",
      responses: answers('The verification', verifyResponseSchema),
    },
    (merchant, body) => facilitator.verify(merchant, body),
  )

  facilitatorRoute<SettleResponse>(
    {
      url: '/x402/facilitator/settle',
      operationId: 'x402Settle',
      summary: "x402: settle a payment on chain and record it as the merchant's",
      description:
        'Merchant API key. Pays gas from the facilitator\'s key; the transfer goes from the payer to payTo. A settled payment appears in GET /api/payments once; `success: false` carries the x402 reason and `transaction: ""`.',
      responses: answers('The settlement', settleResponseSchema),
    },
    (merchant, body) => facilitator.settle(merchant, body),
  )
}
