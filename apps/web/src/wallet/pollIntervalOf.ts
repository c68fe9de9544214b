import { parseCaipNetworkId, type Network } from '@paylink/shared'

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

/**
 * How often to ask a network for its head: about its block time, so a new block shows within
 * one block. Unknown EVM chains (the devnet's anvil mines on each transaction) and Solana
 * (400 ms slots) at 1 s; Bitcoin (10-minute blocks) every 10 s, its test networks every 1 s.
 */
export function pollIntervalOf(network: Pick<Network, 'caipNetworkId' | 'testnet'>): number {
  const { namespace } = parseCaipNetworkId(network.caipNetworkId)
  if (namespace === 'eip155') return evmBlockTimes[network.caipNetworkId] ?? 1000
  if (namespace === 'bip122') return network.testnet ? 1000 : 10_000
  return 1000
}
