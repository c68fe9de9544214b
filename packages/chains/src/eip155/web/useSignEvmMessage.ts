import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'
import type { Address } from 'viem'
import { useSignMessage } from 'wagmi'
import type { WebToolkit } from '../../webContract.js'

/** Signs a text message with the connected EVM account through wagmi's personal_sign; the signature in hex. */
export function useSignEvmMessage({ wagmiConfig }: WebToolkit) {
  const { signMessageAsync } = useSignMessage({ config: wagmiConfig })
  const { walletProvider } = useAppKitProvider<unknown>('eip155')
  const { address } = useAppKitAccount({ namespace: 'eip155' })
  return useCallback(
    async (message: string): Promise<string> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      return signMessageAsync({ account: address as Address, message })
    },
    [walletProvider, address, signMessageAsync],
  )
}
