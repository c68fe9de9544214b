import type { Asset, Network } from '@paylink/shared'
import { formatUnits, parseCaipAssetId, parseCaipNetworkId } from '@paylink/shared'
import { erc20Abi, type Address } from 'viem'
import { publicClientFor } from './publicClient.js'
import { jsonRpcBatch } from './jsonRpc.js'

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
  if (namespace === 'eip155') {
    const client = publicClientFor(network)
    const owner = address as Address
    // Started in the same tick, so the batched transport sends them as one JSON-RPC batch.
    const settled = await Promise.allSettled(
      assets.map((asset) =>
        asset.native
          ? client.getBalance({ address: owner })
          : client.readContract({
              address: parseCaipAssetId(asset.assetId).assetReference as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner],
            }),
      ),
    )
    return settled.map((s) => (s.status === 'fulfilled' ? s.value : toError(s.reason)))
  }
  if (namespace === 'solana') {
    const answers = await jsonRpcBatch(
      network.rpcUrl,
      assets.map((asset) =>
        asset.native
          ? { method: 'getBalance', params: [address, { commitment: 'confirmed' }] }
          : {
              method: 'getTokenAccountsByOwner',
              params: [
                address,
                { mint: parseCaipAssetId(asset.assetId).assetReference },
                { encoding: 'jsonParsed', commitment: 'confirmed' },
              ],
            },
      ),
    )
    return answers.map((answer, i) => {
      if (answer instanceof Error) return answer
      if (assets[i]!.native) return BigInt((answer as { value: number | string }).value)
      const accounts = (
        answer as { value: Array<{ account: { data: { parsed?: { info?: { tokenAmount?: { amount?: string } } } } } }> }
      ).value
      return accounts.reduce((sum, a) => sum + BigInt(a.account.data.parsed?.info?.tokenAmount?.amount ?? '0'), 0n)
    })
  }
  if (namespace === 'bip122') {
    const response = await fetch(`${network.rpcUrl.replace(/\/$/, '')}/address/${encodeURIComponent(address)}/utxo`, {
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
    const utxos = (await response.json()) as { value: number | string }[]
    const total = utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
    return assets.map((asset) => (asset.native ? total : new Error('only the coin is read on Bitcoin')))
  }
  return assets.map(() => new Error(`No balance reader for ${namespace}`))
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason))
}
