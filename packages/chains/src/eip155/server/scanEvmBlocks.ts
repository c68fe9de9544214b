import { findForkPoint, heightRange } from '../../serverFace/findForkPoint.js'
import type { PublicClient } from 'viem'
import type { FindPaymentsParameters, FindPaymentsReturnType, PaymentSighting } from '../../serverFace/chainFamily.js'
import { readEvmBlocks } from './readEvmBlocks.js'
import { readEvmDepositLogs } from './readEvmDepositLogs.js'
import { readInHalves } from '../../serverFace/readInHalves.js'

export interface ScanEvmBlocksParameters extends FindPaymentsParameters {
  client: PublicClient
}

/**
 * The new blocks after the cursor, with a number of requests that does not depend on how many
 * payments wait: one batch reads the new blocks (transaction hashes only), the cursor's block
 * (a changed hash means a reorg: rewind to the newest remembered block still canonical) and
 * the blocks at the asked heights. The walk stops at a missing block or one that does not
 * extend the last (read mid-reorg). A reorg deeper than every remembered block, when the
 * cursor remembers the whole depth limit, is no reorg to follow: `changed`.
 *
 * With open deposit addresses (`watches`), the same batch also reads the new blocks with their
 * transactions' bodies (native value sent straight to a deposit address) and one `eth_getLogs`
 * per 1,000 addresses over the new range (ERC-20 Transfers into them): still one HTTP request
 * per pass, whether 10 or 10,000 addresses wait. What lands in the accepted blocks is a sighting.
 * Native value a contract forwards internally (no top-level transaction to the address) is not
 * seen: it is still collected, but not credited automatically.
 */
export async function scanEvmBlocks(parameters: ScanEvmBlocksParameters, depth = 0): Promise<FindPaymentsReturnType> {
  const { client, head, cursor, heights, maxBlocks, reorgDepthLimit } = parameters
  const from = cursor.number + 1n
  const to = minBig(head, cursor.number + BigInt(maxBlocks))
  const numbers = [...(cursor.number >= 0n ? [cursor.number] : []), ...heightRange(from, to), ...heights]
  const deposits = new Map(
    parameters.watches.flatMap((watch) =>
      watch.depositAddress ? [[watch.depositAddress.toLowerCase(), watch.optionId] as const] : [],
    ),
  )
  const watching = deposits.size > 0 && from <= to
  // Issued in the same tick: one JSON-RPC batch.
  const [blocks, depositLogs] = await Promise.all([
    readEvmBlocks({ client, numbers, ...(watching ? { withBodies: new Set(heightRange(from, to)) } : {}) }),
    watching
      ? // A range the provider refuses as too wide is read again in halves (the first try stays in the batch).
        readInHalves(from, to, (fromBlock, toBlock) =>
          readEvmDepositLogs({ client, fromBlock, toBlock, deposits: [...deposits.keys()] }),
        )
      : Promise.resolve([]),
  ])

  const known = cursor.hashes.get(cursor.number)
  if (known && blocks.get(cursor.number)?.hash !== known && depth < 2) {
    const fork = await findForkPoint(
      async (heights) =>
        new Map([...(await readEvmBlocks({ client, numbers: heights }))].map(([n, block]) => [n, block?.hash])),
      cursor,
      reorgDepthLimit,
    )
    if (!fork) {
      const seen = `none of the last ${cursor.hashes.size} blocks the tracker saw (up to block ${cursor.number}) is on the chain any more`
      return { kind: 'changed', reason: `${seen}: deeper than the ${reorgDepthLimit}-block reorg limit` }
    }
    const rescanned = await scanEvmBlocks({ ...parameters, cursor: fork }, depth + 1)
    return rescanned.kind === 'scanned' ? { ...rescanned, rewound: true } : rescanned
  }

  const hashes = new Map(cursor.hashes)
  let parent = blocks.get(cursor.number)?.hash
  if (parent) hashes.set(cursor.number, parent)
  let last = cursor.number
  const transactionIds: string[] = []
  const sightings: PaymentSighting[] = []
  const sighted = new Set<string>()
  const sight = (transactionId: string, to: string) => {
    const optionId = deposits.get(to)
    if (!optionId || sighted.has(`${transactionId} ${optionId}`)) return
    sighted.add(`${transactionId} ${optionId}`)
    sightings.push({ transactionId, optionId })
  }
  for (let n = from; n <= to; n++) {
    const block = blocks.get(n)
    if (!block || (parent !== undefined && block.parentHash !== parent)) break
    transactionIds.push(...block.transactions)
    for (const transfer of block.valueTransfers ?? []) sight(transfer.hash, transfer.to)
    // Logs of this very block (a log read from a block replaced between the two reads is dropped).
    for (const log of depositLogs)
      if (log.blockNumber === n && log.blockHash === block.hash) sight(log.transactionHash, log.to)
    hashes.set(n, block.hash)
    parent = block.hash
    last = n
  }
  const remembered = BigInt(reorgDepthLimit)
  for (const n of hashes.keys()) if (n <= last - remembered || n > last) hashes.delete(n)
  return { kind: 'scanned', cursor: { number: last, hashes }, blocks, transactionIds, sightings, rewound: false }
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
