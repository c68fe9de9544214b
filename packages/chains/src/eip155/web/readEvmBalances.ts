import { parseCaipAssetId } from '../../parseCaipAssetId.js'
import type { ChainAsset, ChainNetwork } from '../../chainShapes.js'
import { erc20Abi, type Address } from 'viem'
import { publicClientFor } from './publicClient.js'

/** Every asset's atomic balance in one JSON-RPC batch: eth_getBalance for the coin, balanceOf eth_calls for tokens. */
export async function readEvmBalances(
  network: ChainNetwork,
  assets: readonly ChainAsset[],
  address: string,
): Promise<Array<bigint | Error>> {
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
  return settled.map((s) =>
    s.status === 'fulfilled' ? s.value : s.reason instanceof Error ? s.reason : new Error(String(s.reason)),
  )
}
