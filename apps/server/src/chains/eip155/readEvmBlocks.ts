import type { PublicClient } from 'viem'
import { ChainReadError } from '../../errors.js'

export interface EvmBlockHeader {
  number: bigint
  /** Lowercase. */
  hash: string
  parentHash: string
  timestamp: bigint
  /** Lowercase hashes of the block's transactions. */
  transactions: string[]
}

export interface ReadEvmBlocksParameters {
  client: PublicClient
  numbers: readonly bigint[]
}

interface RawBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: string[]
}

/**
 * The canonical blocks at the given heights with their transaction hashes (not the bodies),
 * in one JSON-RPC batch however many heights are asked: a height above the head reads null.
 * The tracker matches these hashes against its pending payments, so a block costs the same
 * request whether 10 or 10,000 payments wait. No database access.
 */
export async function readEvmBlocks({ client, numbers }: ReadEvmBlocksParameters): Promise<Map<bigint, EvmBlockHeader | null>> {
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>
  const unique = [...new Set(numbers)]
  try {
    const raw = await Promise.all(unique.map((number) => request({ method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, false] }) as Promise<RawBlock | null>))
    return new Map(
      unique.map((number, i) => {
        const block = raw[i]
        return [
          number,
          block
            ? {
                number: BigInt(block.number),
                hash: block.hash.toLowerCase(),
                parentHash: block.parentHash.toLowerCase(),
                timestamp: BigInt(block.timestamp),
                transactions: block.transactions.map((hash) => hash.toLowerCase()),
              }
            : null,
        ]
      }),
    )
  } catch (cause) {
    throw new ChainReadError('Could not read blocks from the RPC', { details: (cause as Error).message?.split('\n')[0], cause })
  }
}
