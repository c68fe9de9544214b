import { sameAddress } from '@paylink/chains/core'
import { parseCaipAssetId, type Asset } from '@paylink/shared'
import type {
  PaymentPayload,
  PaymentRequirements,
  SettleResponse,
  SupportedResponse,
  VerifyResponse,
} from '@x402/core/types'
import type { x402Facilitator } from '@x402/core/facilitator'
import type { Db } from '../db/openDatabase.js'
import type { Merchant } from '../merchants/merchant.js'
import type { EvmFacilitator } from './createEvmFacilitator.js'
import type { SolanaFacilitator } from './createSolanaFacilitator.js'
import type { FacilitatorRequest } from './facilitatorRequest.js'
import { x402FamilyOf } from './x402Families.js'
import { onFirstUse, x402Libraries, type X402Libraries } from './x402Libraries.js'
import { isAuthorizationRecorded, merchantReceivesAt, recordX402Payment } from './x402Payments.js'

// Paylink's own refusals, in x402's reason style beside the schemes' reasons.
const payToRefused = 'invalid_pay_to_not_merchant'
const unsupported = 'unsupported_scheme_or_network'
const unsupportedAsset = 'unsupported_asset_not_configured'

/** An answer with the HTTP status the facilitator route gives it (200 unless Paylink refused first). */
export interface Answered<T> {
  status: number
  answer: T
}

/** Which resource a payment paid for, when Paylink serves it itself (the client's payload is not asked). */
export interface BookedResource {
  resourceUrl: string
  description: string | null
}

export interface PaylinkFacilitator {
  /** What `/x402/facilitator/supported` answers: the x402-capable networks (the first call imports x402). */
  supported(): Promise<SupportedResponse>
  /** Whether the exact scheme is registered on this network, known without importing x402. */
  settlesOn(network: string): boolean
  /** The configured (non-native) asset a requirement pays in, or undefined. */
  bookedAsset(r: { network: string; asset: string }): Asset | undefined
  verify(merchant: Merchant, body: FacilitatorRequest): Promise<Answered<VerifyResponse>>
  settle(merchant: Merchant, body: FacilitatorRequest, resource?: BookedResource): Promise<Answered<SettleResponse>>
}

/**
 * Verify and settle as a merchant: the checks Paylink adds (whose payTo, a booked asset, no
 * replay), then the scheme's own, and a settled payment recorded once as the merchant's. The
 * facilitator routes call it for a merchant's API key; the paid URLs (/x402/r/…) in-process.
 */
export function createPaylinkFacilitator({
  db,
  evm,
  solana,
  assets,
}: {
  db: Db
  evm: EvmFacilitator
  /** The Solana fee payer, when there is one: its scheme joins the EVM networks' on one facilitator. */
  solana?: SolanaFacilitator
  assets: readonly Asset[]
}): PaylinkFacilitator {
  // x402's own facilitator with every family's scheme, made when x402 is first used (x402Libraries.ts).
  const schemes = onFirstUse(async () => {
    const libraries = await x402Libraries()
    const facilitator = new libraries.x402Facilitator()
    evm.register(facilitator, libraries)
    solana?.register(facilitator, libraries)
    return { facilitator, libraries }
  })
  const networks = new Set([...evm.networks, ...(solana?.networks ?? [])])
  const isSupported = (facilitator: x402Facilitator, { paymentRequirements: r }: FacilitatorRequest) =>
    facilitator
      .getSupported()
      .kinds.some((kind) => kind.x402Version === 2 && kind.scheme === r.scheme && kind.network === r.network)

  const bookedAsset = (r: { network: string; asset: string }) =>
    assets.find((asset) => {
      if (asset.native || asset.caipNetworkId !== r.network) return false
      const { assetNamespace, assetReference } = parseCaipAssetId(asset.assetId)
      return (
        assetNamespace === x402FamilyOf(r.network)?.tokenNamespace && sameAddress(r.network, assetReference, r.asset)
      )
    })
  /** Paylink's checks before the scheme's: whose payment, and not one already settled. */
  const refusal = async (
    { facilitator, libraries }: { facilitator: x402Facilitator; libraries: X402Libraries },
    merchant: Merchant,
    body: FacilitatorRequest,
  ) => {
    const r = body.paymentRequirements
    if (!isSupported(facilitator, body))
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
    const transfer = family.transferOf(body, libraries)
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

  return {
    supported: async () => (await schemes()).facilitator.getSupported() as SupportedResponse,
    settlesOn: (network) => networks.has(network),
    bookedAsset,
    async verify(merchant, body) {
      const x402 = await schemes()
      const refused = await refusal(x402, merchant, body)
      if (refused)
        return {
          status: refused.status,
          answer: { isValid: false, invalidReason: refused.reason, invalidMessage: refused.message },
        }
      const answer = await x402.facilitator.verify(
        body.paymentPayload as PaymentPayload,
        body.paymentRequirements as PaymentRequirements,
      )
      return { status: 200, answer }
    },
    async settle(merchant, body, resource) {
      const r = body.paymentRequirements
      const failed = (status: number, errorReason: string, errorMessage: string): Answered<SettleResponse> => ({
        status,
        answer: {
          success: false,
          errorReason,
          errorMessage,
          transaction: '',
          network: r.network as SettleResponse['network'],
        },
      })
      const x402 = await schemes()
      const refused = await refusal(x402, merchant, body)
      if (refused) return failed(refused.status, refused.reason, refused.message)
      const family = x402FamilyOf(r.network)!
      const transfer = family.transferOf(body, x402.libraries)!
      const key = `${r.network}|${r.asset}|${transfer.payer}|${transfer.nonce}`.toLowerCase()
      if (settling.has(key)) return failed(200, family.replayed, 'This payment is being settled already.')
      settling.add(key)
      try {
        const result = await x402.facilitator.settle(
          body.paymentPayload as PaymentPayload,
          body.paymentRequirements as PaymentRequirements,
        )
        if (result.success) {
          const asset = bookedAsset(r)!
          await recordX402Payment(db, {
            merchant,
            caipNetworkId: r.network,
            asset: r.asset,
            payer: transfer.payer,
            nonce: transfer.nonce,
            scheme: r.scheme,
            symbol: asset.symbol,
            decimals: asset.decimals,
            amount: transfer.amount,
            payTo: transfer.payTo,
            txHash: result.transaction,
            resourceUrl: resource ? resource.resourceUrl : (body.paymentPayload.resource?.url ?? null),
            description: resource ? resource.description : body.paymentPayload.resource?.description || null,
          })
        }
        return { status: 200, answer: result }
      } finally {
        settling.delete(key)
      }
    },
  }
}
