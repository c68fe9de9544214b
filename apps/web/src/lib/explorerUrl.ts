import type { Network } from '@paylink/shared'

/** The block explorer's page for a transaction or an address, or null when the network has none. */
export function explorerUrl(
  network: Pick<Network, 'blockExplorerUrl'> | undefined,
  kind: 'tx' | 'address',
  id: string,
): string | null {
  if (!network?.blockExplorerUrl) return null
  return `${network.blockExplorerUrl.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(id)}`
}
