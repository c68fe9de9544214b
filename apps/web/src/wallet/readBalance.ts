import type { Asset, Network } from '@paylink/shared'
import { readNetworkBalances, type AssetBalance } from './readNetworkBalances.js'

export type { AssetBalance }

/**
 * Reads one asset's balance from the network's configured RPC (the checkout's "You have").
 * A failure is reported as an error, never as zero.
 */
export async function readBalance(network: Network, asset: Asset, address: string): Promise<AssetBalance> {
  const [balance] = await readNetworkBalances(network, [asset], address)
  return balance!
}
