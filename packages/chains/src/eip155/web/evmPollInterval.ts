import type { ChainNetwork } from '../../chainShapes.js'

/** Block times of well-known EVM chains (ms); a faster chain is polled at 1 s at most. */
const evmBlockTimes: Record<string, number> = {
  'eip155:1': 12_000,
  'eip155:11155111': 12_000,
  'eip155:17000': 12_000,
  'eip155:56': 3_000,
  'eip155:97': 3_000,
  'eip155:137': 2_000,
  'eip155:80002': 2_000,
  'eip155:8453': 2_000,
  'eip155:84532': 2_000,
  'eip155:10': 2_000,
  'eip155:11155420': 2_000,
  'eip155:43114': 2_000,
}

/** About the chain's block time; unknown chains (the devnet's anvil mines on each transaction) at 1 s. */
export function evmPollInterval(network: Pick<ChainNetwork, 'caipNetworkId'>): number {
  return evmBlockTimes[network.caipNetworkId] ?? 1000
}
