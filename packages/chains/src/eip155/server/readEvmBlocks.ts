import type { PublicClient } from 'viem'
import { chainReadFailure, rawRequest } from './rawRequest.js'

export interface EvmBlockHeader {
  number: bigint
  /** Lowercase. */
  hash: string
  parentHash: string
  timestamp: bigint
  /** Lowercase hashes of the block's transactions. */
  transactions: string[]
  /** Read with bodies only: the transactions moving native value (`to`, lowercase; value in wei). */
  valueTransfers?: Array<{ hash: string; to: string; value: bigint }>
}

export interface ReadEvmBlocksParameters {
  client: PublicClient
  numbers: readonly bigint[]
  /** These heights are read with the transactions' bodies (native transfers into deposit addresses). */
  withBodies?: ReadonlySet<bigint>
}

interface RawBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: Array<string | { hash: string; to: string | null; value: string }>
}

/**
 * The canonical blocks at the given heights with their transaction hashes (the bodies only at
 * the `withBodies` heights), in one JSON-RPC batch however many heights are asked: a height
 * above the head reads null.
 * The tracker matches these hashes against its pending payments, so a block costs the same
 * request whether 10 or 10,000 payments wait. No database access.
 */
export async function readEvmBlocks({
  client,
  numbers,
  withBodies,
}: ReadEvmBlocksParameters): Promise<Map<bigint, EvmBlockHeader | null>> {
  const request = rawRequest(client)
  const unique = [...new Set(numbers)]
  try {
    const raw = await Promise.all(
      unique.map((number) =>
        request<RawBlock | null>('eth_getBlockByNumber', [
          `0x${number.toString(16)}`,
          withBodies?.has(number) ?? false,
        ]),
      ),
    )
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
                transactions: block.transactions.map((transaction) =>
                  (typeof transaction === 'string' ? transaction : transaction.hash).toLowerCase(),
                ),
                ...(withBodies?.has(number)
                  ? {
                      valueTransfers: block.transactions.flatMap((transaction) =>
                        typeof transaction !== 'string' && transaction.to && BigInt(transaction.value) > 0n
                          ? [
                              {
                                hash: transaction.hash.toLowerCase(),
                                to: transaction.to.toLowerCase(),
                                value: BigInt(transaction.value),
                              },
                            ]
                          : [],
                      ),
                    }
                  : {}),
              }
            : null,
        ]
      }),
    )
  } catch (cause) {
    throw chainReadFailure('Could not read blocks from the RPC', cause)
  }
}
