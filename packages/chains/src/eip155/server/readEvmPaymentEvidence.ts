import type { PublicClient } from 'viem'
import { chainReadFailure } from './rawRequest.js'

export interface EvmTransaction {
  from: string
  to: string | null
  value: bigint
}

export interface EvmLog {
  address: string
  topics: string[]
  data: string
  logIndex: number
}

export interface EvmReceipt {
  success: boolean
  blockNumber: bigint
  blockHash: string
  logs: EvmLog[]
}

export interface EvmPaymentEvidence {
  /** null when the node does not know the transaction (or was not asked for it). */
  transaction: EvmTransaction | null
  /** null while the transaction is not in a block of the canonical chain. */
  receipt: EvmReceipt | null
  /** The canonical block at the receipt's height: its hash must equal the receipt's. */
  block: { hash: string; timestamp: bigint } | null
}

export interface ReadEvmPaymentEvidenceParameters {
  client: PublicClient
  /** Lowercase hashes; `withTransaction` also reads the transaction (needed once, to match it). */
  items: ReadonlyArray<{ txHash: string; withTransaction: boolean }>
  /** Canonical blocks the caller read moments ago (the tracker's block scan): not read again. */
  knownBlocks?: ReadonlyMap<bigint, { hash: string; timestamp: bigint } | null>
}

export interface ReadEvmPaymentEvidenceReturnType {
  head: bigint
  evidence: Map<string, EvmPaymentEvidence>
}

interface RawTransaction {
  from: string
  to: string | null
  value: string
}
interface RawReceipt {
  status: string
  blockNumber: string
  blockHash: string
  logs: Array<{ address: string; topics: string[]; data: string; logIndex: string }>
}
interface RawBlock {
  hash: string
  timestamp: string
}

/**
 * Everything a tracker needs about a set of transactions, in two JSON-RPC batches whatever
 * their number: (1) the head, each receipt and the still-unmatched transactions; (2) the
 * canonical block at each receipt's height, unless the caller already holds it (then one
 * batch). No database access.
 */
export async function readEvmPaymentEvidence({
  client,
  items,
  knownBlocks,
}: ReadEvmPaymentEvidenceParameters): Promise<ReadEvmPaymentEvidenceReturnType> {
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>
  try {
    const [head, ...perItem] = await Promise.all([
      request({ method: 'eth_blockNumber', params: [] }) as Promise<string>,
      ...items.map(({ txHash, withTransaction }) =>
        Promise.all([
          request({ method: 'eth_getTransactionReceipt', params: [txHash] }) as Promise<RawReceipt | null>,
          withTransaction
            ? (request({ method: 'eth_getTransactionByHash', params: [txHash] }) as Promise<RawTransaction | null>)
            : Promise.resolve(null),
        ]),
      ),
    ])
    const blockNumbers = [...new Set(perItem.flatMap(([receipt]) => (receipt ? [receipt.blockNumber] : [])))].filter(
      (number) => !knownBlocks?.get(BigInt(number)),
    )
    const blocks = await Promise.all(
      blockNumbers.map(
        (number) => request({ method: 'eth_getBlockByNumber', params: [number, false] }) as Promise<RawBlock | null>,
      ),
    )
    const blockByNumber = new Map<bigint, RawBlock | null>(
      blockNumbers.map((number, i) => [BigInt(number), blocks[i] ?? null]),
    )
    for (const [number, block] of knownBlocks ?? []) {
      if (block && !blockByNumber.has(number))
        blockByNumber.set(number, { hash: block.hash, timestamp: `0x${block.timestamp.toString(16)}` })
    }

    const evidence = new Map<string, EvmPaymentEvidence>()
    items.forEach(({ txHash }, i) => {
      const [rawReceipt, rawTransaction] = perItem[i]!
      const receipt: EvmReceipt | null = rawReceipt
        ? {
            success: BigInt(rawReceipt.status) === 1n,
            blockNumber: BigInt(rawReceipt.blockNumber),
            blockHash: rawReceipt.blockHash.toLowerCase(),
            logs: rawReceipt.logs.map((log) => ({
              address: log.address.toLowerCase(),
              topics: log.topics.map((topic) => topic.toLowerCase()),
              data: log.data,
              logIndex: Number(BigInt(log.logIndex)),
            })),
          }
        : null
      const rawBlock = receipt ? blockByNumber.get(receipt.blockNumber) : null
      evidence.set(txHash, {
        transaction: rawTransaction
          ? {
              from: rawTransaction.from.toLowerCase(),
              to: rawTransaction.to?.toLowerCase() ?? null,
              value: BigInt(rawTransaction.value),
            }
          : null,
        receipt,
        block: rawBlock ? { hash: rawBlock.hash.toLowerCase(), timestamp: BigInt(rawBlock.timestamp) } : null,
      })
    })
    return { head: BigInt(head), evidence }
  } catch (cause) {
    throw chainReadFailure('Could not read payment transactions from the RPC', cause)
  }
}
