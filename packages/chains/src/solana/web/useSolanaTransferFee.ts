import { useQuery } from '@tanstack/react-query'
import type { Transfer, TransferFee } from '../../webContract.js'
import { solanaRequestOf } from './solanaTransferOf.js'

/** The fee (and the rent of a new token account) of a Solana transfer before the wallet is asked; null asks nothing. */
export function useSolanaTransferFee(transfer: Transfer | null) {
  const request = transfer && solanaRequestOf(transfer)
  return useQuery({
    queryKey: [
      'solana-fee',
      request?.rpcUrl,
      request?.from,
      request?.to,
      request?.token?.mint,
      request?.amount.toString(),
      ...(request?.references ?? []),
    ],
    enabled: request !== null,
    staleTime: 15_000,
    queryFn: async (): Promise<TransferFee> => {
      // Loaded on demand: the Solana instruction builders stay out of an EVM-only page.
      const { prepareSolanaTransfer } = await import('./prepareSolanaTransfer.js')
      const { fee, rent } = await prepareSolanaTransfer(request!)
      return { fee, rent }
    },
  })
}
