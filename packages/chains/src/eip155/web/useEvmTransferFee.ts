import { parseCaipAssetId } from '../../parseCaipAssetId.js'
import { useQuery } from '@tanstack/react-query'
import type { Transfer, TransferFee } from '../../webContract.js'
import { estimateTransferFee, type TransferRequest } from './estimateTransferFee.js'
import { publicClientFor } from './publicClient.js'

/** The ERC-20 contract of a token transfer; undefined for the network's coin. */
export function evmTransferOf({ network, asset, from, to, amount }: Transfer): TransferRequest {
  return { network, from, to, amount, token: asset.native ? undefined : parseCaipAssetId(asset.assetId).assetReference }
}

/**
 * The network fee of an EVM transfer before the wallet is asked (gas estimate x gas price), for the
 * checkout and the wallet page alike; null asks for nothing (no valid transfer yet).
 */
export function useEvmTransferFee(transfer: Transfer | null) {
  const request = transfer && evmTransferOf(transfer)
  return useQuery({
    queryKey: [
      'fee',
      request?.network.caipNetworkId,
      request?.from,
      request?.to,
      request?.token,
      request?.amount.toString(),
    ],
    enabled: request !== null,
    staleTime: 15_000,
    queryFn: async (): Promise<TransferFee> => ({
      fee: await estimateTransferFee(publicClientFor(request!.network), request!),
      rent: 0n,
    }),
  })
}
