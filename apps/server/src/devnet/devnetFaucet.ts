import { FaucetEmptyError, type DevnetFaucet } from '@paylink/chains/server'
import type { Asset } from '@paylink/shared'
import { parseUnits } from '@paylink/shared'
import { UpstreamError, ValidationError } from '../errors.js'

// The contract of the families' faucets lives with their server faces.
export { FaucetEmptyError, type DevnetFaucet }

export interface FaucetRequest {
  asset: string
  address: string
  amount: string
}

export interface FaucetAnswer {
  transactionId: string | null
  asset: string
  address: string
  amount: string
}

/** The most one request sends, in asset units: plenty for a demo, and the float lasts. */
export const maxFaucetUnits = 1000n

/**
 * Sends devnet funds: finds the faucet of the asset's chain family, checks the address and the
 * amount (above zero, no more decimals than the asset has, at most `maxFaucetUnits` units), then
 * sends. Nothing is sent when a check fails.
 */
export async function requestFaucet(faucets: readonly DevnetFaucet[], request: FaucetRequest): Promise<FaucetAnswer> {
  let faucet: DevnetFaucet | undefined
  let asset: Asset | undefined
  for (const candidate of faucets) {
    asset = candidate.assets.find((a) => a.assetId === request.asset)
    if (asset) {
      faucet = candidate
      break
    }
  }
  if (!faucet || !asset)
    throw new ValidationError('UNSUPPORTED_ASSET', `asset: the devnet faucet has no asset ${request.asset}`)
  if (!faucet.isAddress(request.address))
    throw new ValidationError(
      'INVALID_ADDRESS',
      `address: ${JSON.stringify(request.address)} is not a ${faucet.namespace} address`,
    )
  let amount: bigint
  try {
    amount = parseUnits(request.amount, asset.decimals)
  } catch {
    throw new ValidationError(
      'INVALID_AMOUNT',
      `amount: ${asset.symbol} has ${asset.decimals} decimal places; "${request.amount}" is not such an amount`,
    )
  }
  const max = maxFaucetUnits * 10n ** BigInt(asset.decimals)
  if (amount <= 0n) throw new ValidationError('INVALID_AMOUNT', 'amount: must be above zero')
  if (amount > max)
    throw new ValidationError(
      'INVALID_AMOUNT',
      `amount: the faucet sends at most ${maxFaucetUnits} ${asset.symbol} at a time`,
    )
  let transactionId: string | null
  try {
    transactionId = await faucet.send({ asset, address: request.address, amount })
  } catch (cause) {
    if (cause instanceof FaucetEmptyError) throw cause
    throw new UpstreamError('UPSTREAM_UNAVAILABLE', `The ${faucet.namespace} devnet did not send the funds`, { cause })
  }
  return { transactionId, asset: asset.assetId, address: request.address, amount: request.amount }
}
