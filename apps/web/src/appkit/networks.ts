import { chainFacts } from '@paylink/chains/facts'
import type { Network } from '@paylink/shared'
import { parseCaipNetworkId } from '@paylink/shared'
import { defineChain } from '@reown/appkit/networks'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '@reown/appkit-common'

/**
 * Server networks -> AppKit's CaipNetwork objects. The ids are the real CAIP ids (a Solana
 * network with a made-up id breaks transaction signing), and the RPC is the configured one.
 */
export function toAppKitNetwork(network: Network): CaipNetwork {
  const { namespace, reference } = parseCaipNetworkId(network.caipNetworkId)
  return defineChain({
    id: appKitNetworkId(namespace, reference),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
    blockExplorers: network.blockExplorerUrl
      ? { default: { name: 'Explorer', url: network.blockExplorerUrl } }
      : undefined,
    testnet: network.testnet,
    chainNamespace: namespace as ChainNamespace,
    caipNetworkId: network.caipNetworkId as CaipNetworkId,
  })
}

/** A network's id as AppKit takes it: EVM chain ids are numbers there, every other reference a string. */
export function appKitNetworkId(namespace: string, reference: string): number | string {
  return namespace === chainFacts.eip155.namespace ? Number(reference) : reference
}

/** AppKit keeps Reown's RPC as a fallback; customRpcUrls puts ours first for every network. */
export function customRpcUrls(networks: Network[]): Record<CaipNetworkId, { url: string }[]> {
  return Object.fromEntries(networks.map((n) => [n.caipNetworkId, [{ url: n.rpcUrl }]]))
}

export function namespaceOf(network: Pick<Network, 'caipNetworkId'>): string {
  return parseCaipNetworkId(network.caipNetworkId).namespace
}
