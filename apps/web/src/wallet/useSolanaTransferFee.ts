import { useQuery } from '@tanstack/react-query'
import type { SolanaTransferRequest } from './prepareSolanaTransfer.js'

/** The fee (and the rent of a new token account) of a Solana transfer before the wallet is asked; null asks nothing. */
export function useSolanaTransferFee(request: SolanaTransferRequest | null) {
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
    queryFn: async () => {
      // Loaded on demand: the Solana instruction builders stay out of an EVM-only page.
      const { prepareSolanaTransfer } = await import('./prepareSolanaTransfer.js')
      const { fee, rent } = await prepareSolanaTransfer(request!)
      return { fee, rent }
    },
  })
}
