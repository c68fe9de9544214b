import { parseCaipNetworkId, type Network } from '@paylink/shared'
import { publicClientFor } from './publicClient.js'
import { jsonRpcBatch } from './jsonRpc.js'

/**
 * The cheapest sign that a network moved: the block number (EVM), the confirmed slot (Solana),
 * the tip height (Bitcoin, Esplora's `/blocks/tip/height`). One small request.
 */
export async function readChainHead(network: Network): Promise<bigint> {
  const { namespace } = parseCaipNetworkId(network.caipNetworkId)
  if (namespace === 'eip155') return publicClientFor(network).getBlockNumber({ cacheTime: 0 })
  if (namespace === 'solana') {
    const [slot] = await jsonRpcBatch(network.rpcUrl, [{ method: 'getSlot', params: [{ commitment: 'confirmed' }] }])
    if (slot instanceof Error) throw slot
    return BigInt(slot as number)
  }
  if (namespace === 'bip122') {
    const response = await fetch(`${network.rpcUrl.replace(/\/$/, '')}/blocks/tip/height`, {
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
    return BigInt((await response.text()).trim())
  }
  throw new Error(`No head reader for ${namespace}`)
}
