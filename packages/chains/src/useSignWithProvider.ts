import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'

type Namespace = Parameters<typeof useAppKitProvider>[0]

/**
 * A web face's message signer: `sign` with the toolkit's wallet provider of `namespace` and its
 * connected address, refused before a wallet is connected. `sign` must keep its identity between
 * renders (a module function, or a memoised callback).
 */
export function useSignWithProvider<Provider>(
  namespace: Namespace,
  sign: (provider: Provider, address: string, message: string) => Promise<string>,
): (message: string) => Promise<string> {
  const { walletProvider } = useAppKitProvider<Provider>(namespace)
  const { address } = useAppKitAccount({ namespace })
  return useCallback(
    async (message: string): Promise<string> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      return sign(walletProvider, address, message)
    },
    [walletProvider, address, sign],
  )
}
