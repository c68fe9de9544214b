import type { Asset, Network } from '@paylink/shared'
import { formatUnits, parseCaipNetworkId } from '@paylink/shared'
import { isWebNamespace, webFamilyOf } from '@paylink/chains/web'

export interface AssetBalance {
  asset: Asset
  /** Decimal string in asset units; null when the network could not be read. */
  amount: string | null
  error: string | null
}

/**
 * Every given asset's balance of `address` on one network, in ONE request: a JSON-RPC batch of
 * eth_getBalance and balanceOf eth_calls (EVM), of getBalance and getTokenAccountsByOwner
 * (Solana), or the address's UTXOs (Bitcoin, whose only asset is the coin). A failure is an
 * error on the row, never zero: "RPC down" must not look like "empty wallet".
 */
export async function readNetworkBalances(
  network: Network,
  assets: readonly Asset[],
  address: string,
): Promise<AssetBalance[]> {
  let atomics: Array<bigint | Error>
  try {
    atomics = await readAtomics(network, assets, address)
  } catch (error) {
    atomics = assets.map(() => error as Error)
  }
  return atomics.map((atomic, i) => {
    const asset = assets[i]!
    return atomic instanceof Error
      ? { asset, amount: null, error: `Could not read ${network.name}: ${String(atomic.message).split('\n')[0]}` }
      : { asset, amount: formatUnits(atomic, asset.decimals), error: null }
  })
}

async function readAtomics(
  network: Network,
  assets: readonly Asset[],
  address: string,
): Promise<Array<bigint | Error>> {
  const { namespace } = parseCaipNetworkId(network.caipNetworkId)
  if (!isWebNamespace(namespace)) return assets.map(() => new Error(`No balance reader for ${namespace}`))
  return webFamilyOf(namespace).readBalances(network, assets, address)
}
