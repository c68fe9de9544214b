import { useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'

/** The part of AppKit 1.7.8's Bitcoin connector (BitcoinConnector) a payment uses. */
interface BitcoinSendProvider {
  sendTransfer(params: { recipient: string; amount: string }): Promise<string>
}

/**
 * Has the connected Bitcoin wallet pay `amount` sats to `recipient` through the toolkit's
 * Bitcoin adapter (`sendTransfer`: the wallet picks coins and fee, signs and broadcasts);
 * resolves with the txid. Wallet Standard Bitcoin wallets refuse it in 1.7.8 (they only sign
 * PSBTs): that refusal reaches the payer as the wallet's error.
 */
export function useSendBitcoinTransfer() {
  const { walletProvider } = useAppKitProvider<BitcoinSendProvider>('bip122')
  return useCallback(
    async ({ recipient, amount }: { recipient: string; amount: bigint }): Promise<string> => {
      if (!walletProvider) throw new Error('Connect a Bitcoin wallet first.')
      return walletProvider.sendTransfer({ recipient, amount: amount.toString() })
    },
    [walletProvider],
  )
}
