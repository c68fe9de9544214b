import type { WebNamespace } from '@paylink/chains/web'
import { useAppKitAccount } from '@reown/appkit/react'

/** The connected account's address on a namespace, or undefined when none is connected there. */
export function useConnectedAddress(namespace: WebNamespace): string | undefined {
  const { address, isConnected } = useAppKitAccount({ namespace })
  return isConnected ? address : undefined
}
