import { sameAddress } from '@paylink/chains/core'
import { apiErrorSchema, parseCaipAssetId, x402GasSchema as gasSchema, type Asset } from '@paylink/shared'
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { formatUnits } from 'viem'
import { z } from 'zod'
import type { Db } from '../db/openDatabase.js'
import { UnauthenticatedError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import type { Merchant } from '../merchants/merchant.js'
import type { EvmFacilitator } from './createEvmFacilitator.js'
import type { SolanaFacilitator } from './createSolanaFacilitator.js'
import { facilitatorRequestSchema, type FacilitatorRequest } from './facilitatorRequest.js'
import { x402FamilyOf } from './x402Families.js'
import { defaultLowGas, x402GasOf, type LowGas } from './x402Gas.js'
import { isAuthorizationRecorded, merchantReceivesAt, recordX402Payment } from './x402Payments.js'

export interface X402RoutesOptions {
  db: Db
  evm: EvmFacilitator
  /** The Solana fee payer, when X402_SOLANA_SECRET_KEY is set (its scheme is registered with `evm.facilitator`). */
  solana?: SolanaFacilitator
  /** The configured assets: a payment is booked in one of them (its symbol and decimals). */
  assets: readonly Asset[]
  /** Under these a gas key is low (X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA; default `defaultLowGas`). */
  lowGas?: LowGas
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

// Paylink's own refusals, in x402's reason style beside the schemes' reasons.
const payToRefused = 'invalid_pay_to_not_merchant'
const unsupported = 'unsupported_scheme_or_network'
const unsupportedAsset = 'unsupported_asset_not_configured'

const errorResponse = (description: string) => ({ description, schema: apiErrorSchema })
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
})

/**
 * Paylink as an x402 (version 2) facilitator at /x402/facilitator: `HTTPFacilitatorClient({ url:
 * '<origin>/x402/facilitator', createAuthHeaders })` from @x402/core works against it unchanged.
 * Verify and settle take a merchant's API key and pay only to an address that merchant receives
 * at; a settled payment is recorded as the merchant's, once per authorization (EVM) or transaction (Solana).
 */
export const x402Routes: FastifyPluginAsync<X402RoutesOptions> = async (
  app,
  { db, evm, solana, assets, lowGas = defaultLowGas },
) => {
  const merchantOf = async (request: FastifyRequest): Promise<Merchant> => {
    // A key, never the sign-in cookie: a facilitator call comes from the merchant's server, and a
    // cookie-borne settle from any page the merchant visits would spend nobody's money but ours.
    if (request.headers.authorization === undefined)
      throw new UnauthenticatedError('UNAUTHENTICATED', 'Send Authorization: Bearer <api key> of a Paylink merchant.')
    return app.requireMerchant(request)
  }
  const supportedKinds = () => evm.facilitator.getSupported().kinds
  const isSupported = ({ paymentRequirements: r }: FacilitatorRequest) =>
    supportedKinds().some((kind) => kind.x402Version === 2 && kind.scheme === r.scheme && kind.network === r.network)

  const bookedAsset = (r: FacilitatorRequest['paymentRequirements']) =>
    assets.find((asset) => {
      if (asset.native || asset.caipNetworkId !== r.network) return false
      const { assetNamespace, assetReference } = parseCaipAssetId(asset.assetId)
      return (
        assetNamespace === x402FamilyOf(r.network)?.tokenNamespace && sameAddress(r.network, assetReference, r.asset)
      )
    })
  /** Paylink's checks before the scheme's: whose payment, and not one already settled. */
  const refusal = async (merchant: Merchant, body: FacilitatorRequest) => {
    const r = body.paymentRequirements
    if (!isSupported(body))
      return { status: 400, reason: unsupported, message: `No ${r.scheme} scheme on ${r.network} here.` }
    if (!bookedAsset(r))
      return {
        status: 400,
        reason: unsupportedAsset,
        message: `${r.asset} on ${r.network} is not an asset this Paylink is configured with.`,
      }
    if (!(await merchantReceivesAt(db, merchant, r.network, r.payTo)))
      return {
        status: 403,
        reason: payToRefused,
        message: `${r.payTo} is not an address ${merchant.id} receives at on ${r.network} (its own account or a link's recipient).`,
      }
    const family = x402FamilyOf(r.network)!
    const transfer = family.transferOf(body)
    // Paylink keeps books by transfer: a payload without one it can read (Permit2) is not settled here.
    if (!transfer) return { status: 400, ...family.unbookable }
    if (
      await isAuthorizationRecorded(db, {
        caipNetworkId: r.network,
        asset: r.asset,
        payer: transfer.payer,
        nonce: transfer.nonce,
      })
    )
      return { status: 200, reason: family.replayed, message: 'This payment was settled already.' }
    return null
  }
  // Two settles of one payment at once: the second waits for no chain, it is refused.
  const settling = new Set<string>()

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/x402/facilitator/supported',
      operationId: 'x402Supported',
      summary: 'x402: the schemes and networks this facilitator verifies and settles',
      description: 'Public: what an x402 resource server asks before it prices a route.',
      tags: ['x402'],
      responses: { 200: { description: 'Kinds, extensions and signers', schema: supportedResponseSchema } },
    },
    async () => evm.facilitator.getSupported(),
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

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/x402/facilitator/verify',
      operationId: 'x402Verify',
      summary: 'x402: verify a payment payload against its requirements (records nothing)',
      description:
        "Merchant API key. `isValid: false` carries the x402 reason (the scheme's, or `invalid_exact_evm_nonce_already_used` on EVM, `duplicate_settlement` on Solana, for a payment Paylink settled already).",
      tags: ['x402'],
      body: facilitatorRequestSchema,
      responses: answers('The verification', verifyResponseSchema),
    },
    async ({ body, request, reply }): Promise<VerifyResponse> => {
      const merchant = await merchantOf(request)
      const refused = await refusal(merchant, body)
      if (refused) {
        reply.code(refused.status)
        return { isValid: false, invalidReason: refused.reason, invalidMessage: refused.message }
      }
      return evm.facilitator.verify(
        body.paymentPayload as PaymentPayload,
        body.paymentRequirements as PaymentRequirements,
      )
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/x402/facilitator/settle',
      operationId: 'x402Settle',
      summary: "x402: settle a payment on chain and record it as the merchant's",
      description:
        'Merchant API key. Pays gas from the facilitator\'s key; the transfer goes from the payer to payTo. A settled payment appears in GET /api/payments once; `success: false` carries the x402 reason and `transaction: ""`.',
      tags: ['x402'],
      body: facilitatorRequestSchema,
      responses: answers('The settlement', settleResponseSchema),
    },
    async ({ body, request, reply }): Promise<SettleResponse> => {
      const merchant = await merchantOf(request)
      const r = body.paymentRequirements
      const failed = (errorReason: string, errorMessage: string): SettleResponse => ({
        success: false,
        errorReason,
        errorMessage,
        transaction: '',
        network: r.network as SettleResponse['network'],
      })
      const refused = await refusal(merchant, body)
      if (refused) {
        reply.code(refused.status)
        return failed(refused.reason, refused.message)
      }
      const family = x402FamilyOf(r.network)!
      const transfer = family.transferOf(body)!
      const key = `${r.network}|${r.asset}|${transfer.payer}|${transfer.nonce}`.toLowerCase()
      if (settling.has(key)) return failed(family.replayed, 'This payment is being settled already.')
      settling.add(key)
      try {
        const result = await evm.facilitator.settle(
          body.paymentPayload as PaymentPayload,
          body.paymentRequirements as PaymentRequirements,
        )
        if (result.success) {
          await recordX402Payment(db, {
            merchant,
            caipNetworkId: r.network,
            asset: r.asset,
            payer: transfer.payer,
            nonce: transfer.nonce,
            scheme: r.scheme,
            symbol: bookedAsset(r)!.symbol,
            decimals: bookedAsset(r)!.decimals,
            amount: transfer.amount,
            payTo: transfer.payTo,
            txHash: result.transaction,
            resourceUrl: body.paymentPayload.resource?.url ?? null,
            description: body.paymentPayload.resource?.description || null,
          })
        }
        return result
      } finally {
        settling.delete(key)
      }
    },
  )
}
