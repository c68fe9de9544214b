import { parseCaipAssetId } from '@paylink/shared'
import type { SolanaTransferRequest } from '../../wallet/prepareSolanaTransfer.js'
import type { OptionContext } from './usePayOption.js'

/**
 * What paying a Solana option asks the wallet to send: the amount still due (lamports or token
 * base units) to the option's recipient, with the `reference` keys of the option's Solana Pay
 * URL, so the transfer is found by reference exactly as a phone wallet's scan would be.
 */
export function solanaTransferOf(ctx: OptionContext, from: string): SolanaTransferRequest {
  const { network, option, asset, due } = ctx
  return {
    rpcUrl: network.rpcUrl,
    from,
    to: option.recipient,
    amount: due,
    token: asset.native
      ? undefined
      : { mint: parseCaipAssetId(asset.assetId).assetReference, decimals: asset.decimals },
    references: solanaPayReferences(option.paymentUri),
  }
}

function solanaPayReferences(paymentUri: string | null): string[] {
  if (!paymentUri?.startsWith('solana:')) return []
  try {
    return new URL(paymentUri).searchParams.getAll('reference')
  } catch {
    return []
  }
}
