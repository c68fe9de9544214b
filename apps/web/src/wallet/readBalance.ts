import type { Asset, Network } from '@paylink/shared'
import { formatUnits, parseCaipAssetId, parseCaipNetworkId } from '@paylink/shared'
import { createPublicClient, erc20Abi, http, type Address } from 'viem'

export interface AssetBalance {
  asset: Asset
  /** Decimal string in asset units; null when the network could not be read. */
  amount: string | null
  error: string | null
}

async function jsonRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  if (!response.ok) throw new Error(`RPC answered ${response.status}`)
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

async function readAtomic(network: Network, asset: Asset, address: string): Promise<bigint> {
  const { namespace } = parseCaipNetworkId(network.caipNetworkId)
  if (namespace === 'eip155') {
    const client = createPublicClient({ transport: http(network.rpcUrl, { retryCount: 0, timeout: 5000 }) })
    if (asset.native) return client.getBalance({ address: address as Address })
    const token = parseCaipAssetId(asset.assetId).assetReference as Address
    return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] })
  }
  if (namespace === 'solana') {
    const result = (await jsonRpc(network.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }])) as { value: number | string }
    return BigInt(result.value)
  }
  if (namespace === 'bip122') {
    const response = await fetch(`${network.rpcUrl.replace(/\/$/, '')}/address/${encodeURIComponent(address)}/utxo`)
    if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
    const utxos = (await response.json()) as { value: number | string }[]
    return utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
  }
  throw new Error(`No balance reader for ${namespace}`)
}

/**
 * Reads one asset's balance from the network's configured RPC. A failure is reported as an
 * error, never as zero: "RPC down" must not look like "empty wallet".
 */
export async function readBalance(network: Network, asset: Asset, address: string): Promise<AssetBalance> {
  try {
    const atomic = await readAtomic(network, asset, address)
    return { asset, amount: formatUnits(atomic, asset.decimals), error: null }
  } catch (error) {
    return { asset, amount: null, error: `Could not read ${network.name}: ${(error as Error).message.split('\n')[0]}` }
  }
}
