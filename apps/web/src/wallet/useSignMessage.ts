import { base58 } from '@scure/base'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useSignMessage as useWagmiSignMessage } from 'wagmi'
import { usePaylinkKit } from '../appkit/PaylinkProvider.js'

type SolanaSigner = { signMessage(message: Uint8Array): Promise<Uint8Array> }
type BitcoinSigner = { signMessage(p: { address: string; message: string }): Promise<string> }

/**
 * Signs a text message with the connected wallet of one namespace and returns the signature as
 * that ecosystem writes it: hex (EVM, through wagmi's personal_sign), base58 (Solana), base64
 * (Bitcoin), the last two through the toolkit's provider for the namespace.
 */
export function useSignMessage(namespace: 'eip155' | 'solana' | 'bip122') {
  const { wagmiAdapter } = usePaylinkKit()
  const { signMessageAsync } = useWagmiSignMessage({ config: wagmiAdapter.wagmiConfig })
  const { walletProvider } = useAppKitProvider<unknown>(namespace)
  const { address } = useAppKitAccount({ namespace })
  return useMutation({
    mutationFn: async (message: string): Promise<string> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      if (namespace === 'eip155') return signMessageAsync({ account: address as Address, message })
      if (namespace === 'solana') {
        return base58.encode(await (walletProvider as SolanaSigner).signMessage(new TextEncoder().encode(message)))
      }
      return (walletProvider as BitcoinSigner).signMessage({ address, message })
    },
  })
}
