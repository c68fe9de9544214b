import { parseCaipAssetId } from '../../parseCaipAssetId.js'
import type { PayChoice, Transfer } from '../../webContract.js'
import type { SolanaTransferRequest } from './prepareSolanaTransfer.js'

/**
 * What paying a Solana option asks the wallet to send: the amount still due (lamports or token
 * base units) to the option's recipient, with the `reference` keys of the option's Solana Pay
 * URL, so the transfer is found by reference exactly as a phone wallet's scan would be.
 */
export function solanaTransferOf({ network, option, asset, due }: PayChoice, from: string): Transfer {
  return { network, asset, from, to: option.recipient, amount: due, references: solanaPayReferences(option.paymentUri) }
}

/** A transfer as prepareSolanaTransfer builds it: the RPC, and the mint and decimals of a token. */
export function solanaRequestOf({ network, asset, from, to, amount, references }: Transfer): SolanaTransferRequest {
  return {
    rpcUrl: network.rpcUrl,
    from,
    to,
    amount,
    token: asset.native
      ? undefined
      : { mint: parseCaipAssetId(asset.assetId).assetReference, decimals: asset.decimals },
    references,
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
