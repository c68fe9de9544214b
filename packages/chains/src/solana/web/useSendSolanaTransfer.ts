import { useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'
import type { Transfer } from '../../webContract.js'
import { sendSolanaTransaction } from './sendSolanaTransaction.js'
import { solanaRequestOf } from './solanaTransferOf.js'

/**
 * Has the connected Solana wallet sign and send a transfer (SOL or an SPL token, with any
 * Solana Pay references) on the transfer's network; resolves with the signature as soon as the
 * wallet has sent it. The transaction is built at that moment (a fresh blockhash), not reused
 * from the fee preview.
 */
export function useSendSolanaTransfer() {
  const { walletProvider } = useAppKitProvider<unknown>('solana')
  return useCallback(
    async (transfer: Transfer): Promise<string> => {
      if (!walletProvider) throw new Error('Connect a Solana wallet first.')
      // Loaded on demand: the Solana instruction builders stay out of an EVM-only checkout.
      const { prepareSolanaTransfer } = await import('./prepareSolanaTransfer.js')
      const { transaction } = await prepareSolanaTransfer(solanaRequestOf(transfer))
      return sendSolanaTransaction(walletProvider, transfer.network.caipNetworkId, transaction)
    },
    [walletProvider],
  )
}
