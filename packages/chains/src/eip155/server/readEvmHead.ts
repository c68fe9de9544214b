import { createPublicClient, http } from 'viem'
import { ChainReadError } from '../../serverFace/errors.js'
import type { ReadChainOptions } from '../../serverFace/chainFamily.js'

/** Latest block number from an EVM JSON-RPC (`eth_blockNumber`). */
export async function readEvmHead(rpcUrl: string, { timeoutMs }: ReadChainOptions): Promise<bigint> {
  // A fresh client per read: viem caches getBlockNumber per client, and health wants "now".
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
  try {
    return await client.getBlockNumber({ cacheTime: 0 })
  } catch (cause) {
    throw new ChainReadError(`Could not read the block number from ${rpcUrl}`, {
      details: (cause as Error).message?.split('\n')[0],
      cause,
    })
  }
}
