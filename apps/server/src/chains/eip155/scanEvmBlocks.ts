import type { PublicClient } from 'viem'
import type { ChainCursor, FindPaymentsParameters, FindPaymentsReturnType } from '../chainFamily.js'
import { readEvmBlocks } from './readEvmBlocks.js'

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
 */
export async function scanEvmBlocks(parameters: ScanEvmBlocksParameters, depth = 0): Promise<FindPaymentsReturnType> {
  const { client, head, cursor, heights, maxBlocks, reorgDepthLimit } = parameters
  const from = cursor.number + 1n
  const to = minBig(head, cursor.number + BigInt(maxBlocks))
  const numbers = [...(cursor.number >= 0n ? [cursor.number] : []), ...range(from, to), ...heights]
  const blocks = await readEvmBlocks({ client, numbers })

  const known = cursor.hashes.get(cursor.number)
  if (known && blocks.get(cursor.number)?.hash !== known && depth < 2) {
    const fork = await findForkPoint(client, cursor, reorgDepthLimit)
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
  for (let n = from; n <= to; n++) {
    const block = blocks.get(n)
    if (!block || (parent !== undefined && block.parentHash !== parent)) break
    transactionIds.push(...block.transactions)
    hashes.set(n, block.hash)
    parent = block.hash
    last = n
  }
  const remembered = BigInt(reorgDepthLimit)
  for (const n of hashes.keys()) if (n <= last - remembered || n > last) hashes.delete(n)
  return { kind: 'scanned', cursor: { number: last, hashes }, blocks, transactionIds, sightings: [], rewound: false }
}

/**
 * After a reorg: the newest remembered block that is still canonical. When none is, and the
 * cursor remembers fewer blocks than the limit (a process that just started), scanning
 * resumes below the oldest; when it remembers the whole limit, null.
 */
async function findForkPoint(client: PublicClient, cursor: ChainCursor, reorgDepthLimit: number): Promise<ChainCursor | null> {
  const heights = [...cursor.hashes.keys()].sort((a, b) => (a < b ? 1 : -1))
  const canonical = await readEvmBlocks({ client, numbers: heights })
  for (const height of heights) {
    if (canonical.get(height)?.hash === cursor.hashes.get(height)) {
      return { number: height, hashes: new Map([...cursor.hashes].filter(([n]) => n <= height)) }
    }
  }
  if (heights.length >= reorgDepthLimit) return null
  const oldest = heights.at(-1) ?? cursor.number
  return { number: oldest - 1n, hashes: new Map() }
}

function range(from: bigint, to: bigint): bigint[] {
  const out: bigint[] = []
  for (let n = from; n <= to; n++) out.push(n)
  return out
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
