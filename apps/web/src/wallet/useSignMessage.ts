import { base58 } from '@scure/base'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import { toHex } from 'viem'
import type { Eip1193Provider } from './switchEvmChain.js'

type SolanaSigner = { signMessage(message: Uint8Array): Promise<Uint8Array> }
type BitcoinSigner = { signMessage(p: { address: string; message: string }): Promise<string> }

/**
 * Signs a text message with the connected wallet of one namespace and returns the signature as
 * that ecosystem writes it: hex (EVM), base58 (Solana), base64 (Bitcoin).
 */
export function useSignMessage(namespace: 'eip155' | 'solana' | 'bip122') {
  const { walletProvider } = useAppKitProvider<unknown>(namespace)
  const { address } = useAppKitAccount({ namespace })
  return useMutation({
    mutationFn: async (message: string): Promise<string> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      if (namespace === 'eip155') {
        return (await (walletProvider as Eip1193Provider).request({
          method: 'personal_sign',
          params: [toHex(message), address],
        })) as string
      }
      if (namespace === 'solana') {
        return base58.encode(await (walletProvider as SolanaSigner).signMessage(new TextEncoder().encode(message)))
      }
      return (walletProvider as BitcoinSigner).signMessage({ address, message })
    },
  })
}
