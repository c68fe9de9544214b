import type { PublicClient } from 'viem'
import { chainReadFailure, rawRequest } from './rawRequest.js'
import { transferTopic } from './matchTransfer.js'

/** Addresses per `eth_getLogs` topic filter: well under what public RPCs accept in one filter. */
export const depositTopicChunk = 1000

export interface EvmDepositLog {
  /** Lowercase. */
  transactionHash: string
  blockNumber: bigint
  /** Lowercase. */
  blockHash: string
  /** The deposit address paid, lowercase. */
  to: string
}

export interface ReadEvmDepositLogsParameters {
  client: PublicClient
  fromBlock: bigint
  toBlock: bigint
  /** Lowercase deposit addresses. */
  deposits: readonly string[]
}

type RawLog = { transactionHash: string; blockNumber: string; blockHash: string; topics: string[]; removed?: boolean }

/**
 * Every ERC-20 `Transfer` into one of the deposit addresses in a block range, whatever the token
 * (a wrong token is still recorded): `eth_getLogs` filtered by topic0 = Transfer and topic2 = the
 * addresses, one call per 1,000 addresses, all in the caller's JSON-RPC batch (the calls are
 * made in the same tick). No database access.
 */
export async function readEvmDepositLogs({
  client,
  fromBlock,
  toBlock,
  deposits,
}: ReadEvmDepositLogsParameters): Promise<EvmDepositLog[]> {
  const request = rawRequest(client)
  const chunks: string[][] = []
  for (let i = 0; i < deposits.length; i += depositTopicChunk)
    chunks.push(deposits.slice(i, i + depositTopicChunk).map((address) => `0x${address.slice(2).padStart(64, '0')}`))
  try {
    const range = { fromBlock: `0x${fromBlock.toString(16)}`, toBlock: `0x${toBlock.toString(16)}` }
    const answers = await Promise.all(
      chunks.map((topics) => request<RawLog[]>('eth_getLogs', [{ ...range, topics: [transferTopic, null, topics] }])),
    )
    return answers.flat().flatMap((log) =>
      log.removed || log.topics.length !== 3
        ? []
        : [
            {
              transactionHash: log.transactionHash.toLowerCase(),
              blockNumber: BigInt(log.blockNumber),
              blockHash: log.blockHash.toLowerCase(),
              to: `0x${log.topics[2]!.slice(-40)}`.toLowerCase(),
            },
          ],
    )
  } catch (cause) {
    throw chainReadFailure('Could not read deposit transfers from the RPC', cause)
  }
}
