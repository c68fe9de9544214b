import { nativeAssetId, type Asset, type Network } from '@paylink/shared'

/** What `startDevnet()` from @paylink/devnet resolves to (the part the server reads). */
export interface DevnetHandle {
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  token: { chainId: number; address: `0x${string}`; symbol: string; name: string; decimals: number }
  accounts: `0x${string}`[]
  stop(): Promise<void>
}

export interface DevnetNetworks {
  networks: Network[]
  assets: Asset[]
  /** chainId -> anvil URL, for the same-origin RPC proxy. */
  upstreams: Record<number, string>
}

/**
 * The devnet's chains as the app's networks, reached through the server's proxy at an
 * origin-relative URL (`/devnet/rpc/<chainId>`): the browser resolves it against the page's own
 * origin, so the demo works at localhost, 127.0.0.1 or a LAN address alike and stays
 * same-origin. Plus native ETH on each chain and the demo token.
 */
export function devnetNetworks(devnet: Pick<DevnetHandle, 'chains' | 'token'>): DevnetNetworks {
  const networks: Network[] = devnet.chains.map((chain) => ({
    caipNetworkId: `eip155:${chain.chainId}`,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: `/devnet/rpc/${chain.chainId}`,
    blockExplorerUrl: null,
    testnet: true,
    confirmations: 1,
    // startDevnet deploys the deposit factory on every devnet chain (scan to pay).
    depositFactory: true,
  }))
  const assets: Asset[] = networks.map((network) => ({
    assetId: nativeAssetId(network.caipNetworkId),
    caipNetworkId: network.caipNetworkId,
    symbol: 'ETH',
    name: 'Ether',
    decimals: 18,
    native: true,
  }))
  const { token } = devnet
  assets.push({
    assetId: `eip155:${token.chainId}/erc20:${token.address}`,
    caipNetworkId: `eip155:${token.chainId}`,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    native: false,
  })
  const upstreams = Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  return { networks, assets, upstreams }
}
