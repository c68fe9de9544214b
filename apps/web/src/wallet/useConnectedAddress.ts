import { useAppKitAccount } from '@reown/appkit/react'

/** The connected account's address on a namespace, or undefined when none is connected there. */
export function useConnectedAddress(namespace: 'eip155' | 'solana' | 'bip122'): string | undefined {
  const { address, isConnected } = useAppKitAccount({ namespace })
  return isConnected ? address : undefined
}
