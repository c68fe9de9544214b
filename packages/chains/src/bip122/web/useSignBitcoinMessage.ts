import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'

type BitcoinSigner = { signMessage(p: { address: string; message: string }): Promise<string> }

/** Signs a text message with the connected Bitcoin wallet (through the toolkit's provider); the signature in base64. */
export function useSignBitcoinMessage() {
  const { walletProvider } = useAppKitProvider<BitcoinSigner>('bip122')
  const { address } = useAppKitAccount({ namespace: 'bip122' })
  return useCallback(
    async (message: string): Promise<string> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      return walletProvider.signMessage({ address, message })
    },
    [walletProvider, address],
  )
}
