import type { PublicClient } from 'viem'
import { ChainReadError } from '../../serverFace/errors.js'
import { ChainMismatchError } from '../../serverFace/chainMismatchError.js'

export interface ReadEvmIdentityParameters {
  client: PublicClient
  caipNetworkId: string
}

/**
 * An EVM chain's identity: its chain id and the hash of block 0, read in one JSON-RPC batch.
 * The chain id alone cannot tell a reset devnet (or a fork) from the chain recorded under it;
 * block 0 can, and it never changes for as long as the chain lives (anvil keeps it across
 * `--state` reloads). A node answering another chain id than the configured one is refused.
 */
export async function readEvmIdentity({ client, caipNetworkId }: ReadEvmIdentityParameters): Promise<string> {
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>
  let chainId: string
  let genesis: { hash?: string } | null
  try {
    ;[chainId, genesis] = (await Promise.all([
      request({ method: 'eth_chainId', params: [] }),
      request({ method: 'eth_getBlockByNumber', params: ['0x0', false] }),
    ])) as [string, { hash?: string } | null]
  } catch (cause) {
    throw new ChainReadError(`Could not read the identity of ${caipNetworkId}`, {
      details: (cause as Error).message?.split('\n')[0],
      cause,
    })
  }
  if (!genesis?.hash) throw new ChainReadError(`${caipNetworkId} gave no block 0`)
  const configured = caipNetworkId.split(':')[1]
  const served = BigInt(chainId).toString()
  if (served !== configured) {
    throw new ChainMismatchError(`The RPC of ${caipNetworkId} serves chain id ${served}, not ${configured}.`)
  }
  return `chain ${served}, block 0 ${genesis.hash.toLowerCase()}`
}
