import { useCallback } from 'react'
import type { Address } from 'viem'
import { useSignMessage } from 'wagmi'
import { useSignWithProvider } from '../../useSignWithProvider.js'
import type { WebToolkit } from '../../webContract.js'

/** Signs a text message with the connected EVM account through wagmi's personal_sign; the signature in hex. */
export function useSignEvmMessage({ wagmiConfig }: WebToolkit) {
  const { signMessageAsync } = useSignMessage({ config: wagmiConfig })
  const signWith = useCallback(
    (_provider: unknown, address: string, message: string) =>
      signMessageAsync({ account: address as Address, message }),
    [signMessageAsync],
  )
  return useSignWithProvider('eip155', signWith)
}
