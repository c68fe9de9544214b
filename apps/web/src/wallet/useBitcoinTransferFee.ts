import { useQuery } from '@tanstack/react-query'
import { estimateBitcoinTransferFee, type BitcoinTransferFeeRequest } from './estimateBitcoinTransferFee.js'

/** The fee of a BTC transfer before the wallet is asked (see estimateBitcoinTransferFee); null asks nothing. */
export function useBitcoinTransferFee(request: BitcoinTransferFeeRequest | null) {
  return useQuery({
    queryKey: ['bitcoin-fee', request?.esploraUrl, request?.from, request?.amount.toString()],
    enabled: request !== null,
    staleTime: 15_000,
    retry: false,
    queryFn: () => estimateBitcoinTransferFee(request!),
  })
}
