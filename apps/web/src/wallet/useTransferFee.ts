import { useQuery } from '@tanstack/react-query'
import { estimateTransferFee, type TransferRequest } from './estimateTransferFee.js'
import { publicClientFor } from './publicClient.js'

/**
 * The network fee of a transfer before the wallet is asked, for the checkout and the wallet
 * page alike; null asks for nothing (no valid transfer yet). Gas estimation exists on EVM only.
 */
export function useTransferFee(request: TransferRequest | null) {
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
    queryFn: () => estimateTransferFee(publicClientFor(request!.network), request!),
  })
}
