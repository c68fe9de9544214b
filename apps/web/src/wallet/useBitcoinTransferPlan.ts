import { useQuery } from '@tanstack/react-query'
import { readBitcoinTransferPlan, type BitcoinTransferPlanRequest } from './readBitcoinTransferPlan.js'

/** The coins and fee of a BTC transfer before the wallet is asked (see readBitcoinTransferPlan); null asks nothing. */
export function useBitcoinTransferPlan(request: BitcoinTransferPlanRequest | null) {
  return useQuery({
    queryKey: ['bitcoin-plan', request?.esploraUrl, request?.from, request?.amount.toString()],
    enabled: request !== null,
    staleTime: 15_000,
    retry: false,
    queryFn: () => readBitcoinTransferPlan(request!),
  })
}
