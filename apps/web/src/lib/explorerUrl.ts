import type { Network } from '@paylink/shared'

/** The block explorer's page for a transaction or an address, or null when the network has none. */
export function explorerUrl(network: Pick<Network, 'blockExplorerUrl'> | undefined, kind: 'tx' | 'address', id: string): string | null {
  if (!network?.blockExplorerUrl) return null
  return `${network.blockExplorerUrl.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(id)}`
}

/** `0xf39F…2266`: enough to recognise an address, short enough for a phone. */
export function shortHex(value: string, keep = 4): string {
  return value.length <= 2 + keep * 2 + 1 ? value : `${value.slice(0, 2 + keep)}…${value.slice(-keep)}`
}
