import { base58 } from '@scure/base'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'

type SolanaSigner = { signMessage(message: Uint8Array): Promise<Uint8Array> }

/** Signs a text message with the connected Solana wallet (through the toolkit's provider); the signature in base58. */
export function useSignSolanaMessage() {
  const { walletProvider } = useAppKitProvider<SolanaSigner>('solana')
  const { address } = useAppKitAccount({ namespace: 'solana' })
  return useCallback(
    async (message: string): Promise<string> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      return base58.encode(await walletProvider.signMessage(new TextEncoder().encode(message)))
    },
    [walletProvider, address],
  )
}
