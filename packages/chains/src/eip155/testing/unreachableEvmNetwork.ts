import type { ChainNetwork } from '../../chainShapes.js'

/** A devnet-like EVM network for tests whose RPC is never reached (port 1 refuses): ETH, no explorer. */
export function unreachableEvmNetwork(chainId: number, name: string): ChainNetwork {
  return {
    caipNetworkId: `eip155:${chainId}`,
    name,
    rpcUrl: 'http://127.0.0.1:1/',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    blockExplorerUrl: null,
    testnet: true,
  }
}
