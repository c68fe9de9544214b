import type { WebNamespace } from '@paylink/chains/web'
import { useAppKitNetwork } from '@reown/appkit/react'
import type { CaipNetwork } from '@reown/appkit-common'
import { usePaylinkKit } from '../appkit/PaylinkProvider.js'

/**
 * The network the toolkit uses for one namespace (AppKit's own hook reports only the active
 * namespace's); undefined while that namespace is not connected. Re-renders on network changes.
 */
export function useNamespaceNetwork(namespace: WebNamespace, connected: boolean): CaipNetwork | undefined {
  const { appKit } = usePaylinkKit()
  useAppKitNetwork()
  return connected ? appKit.getCaipNetwork(namespace) : undefined
}
