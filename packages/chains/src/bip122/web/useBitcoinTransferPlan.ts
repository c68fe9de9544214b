import { useQuery } from '@tanstack/react-query'
import type { Transfer, TransferFee } from '../../webContract.js'
import { readBitcoinTransferPlan } from './readBitcoinTransferPlan.js'

/**
 * The coins and fee of a BTC transfer before the wallet is asked (see readBitcoinTransferPlan);
 * null asks nothing. The plan goes with the fee (`prepared`): the Wallet page's PSBT spends it.
 */
export function useBitcoinTransferPlan(transfer: Transfer | null) {
  const request = transfer && { esploraUrl: transfer.network.rpcUrl, from: transfer.from, amount: transfer.amount }
  return useQuery({
    queryKey: ['bitcoin-plan', request?.esploraUrl, request?.from, request?.amount.toString()],
    enabled: request !== null,
    staleTime: 15_000,
    retry: false,
    queryFn: async (): Promise<TransferFee> => {
      const plan = await readBitcoinTransferPlan(request!)
      return { fee: plan.fee, rent: 0n, prepared: plan }
    },
  })
}
