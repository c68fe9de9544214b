import { and, eq, inArray } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import { readEvmBlocks, type EvmBlockHeader } from '../chains/readEvmBlocks.js'
import { payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { advanceConfirmations } from './advanceConfirmations.js'
import { processPayments, type PaymentProcessingSettings } from './processPayments.js'
import { readInBlockHeights } from './readInBlockHeights.js'

/** Where a tracker process is on one network's chain (in memory: a restart re-checks instead). */
export interface BlockCursor {
  /** The last block scanned. */
  number: bigint
  /** Hashes of the last scanned blocks: a reorg shows as a mismatch; the newest match is where scanning resumes. */
  hashes: Map<bigint, string>
}

export interface ScanNewBlocksParameters {
  db: Db
  client: PublicClient
  caipNetworkId: string
  settings: PaymentProcessingSettings
  head: bigint
  cursor: BlockCursor
  /** Payments a scan matched but could not claim last time (another process held them). */
  retryIds?: readonly string[]
  onLinkChanged?: (linkId: string) => void
  now?: () => Date
}

export interface ScanNewBlocksReturnType {
  cursor: BlockCursor
  retryIds: string[]
  changed: number
  /** Transactions in the scanned blocks that pay a pending payment. */
  matched: number
}

/** How many scanned block hashes a cursor keeps: reorgs up to this depth are rescanned. */
const rememberedBlocks = 64n

/**
 * One tracker pass over a network's new blocks, with a number of RPC requests that does not
 * depend on how many payments wait: one batch reads the new blocks (transaction hashes only),
 * the cursor's block (a changed hash means a reorg: rewind) and the blocks holding confirming
 * payments; one query matches the hashes against pending payments; only the matched ones
 * (and payments whose block changed) have their receipts read, in one batch. Confirmations of
 * the rest are head arithmetic.
 */
export async function scanNewBlocks(parameters: ScanNewBlocksParameters, depth = 0): Promise<ScanNewBlocksReturnType> {
  const { db, client, caipNetworkId, settings, head, cursor, retryIds = [], onLinkChanged, now } = parameters
  const common = { db, client, caipNetworkId, settings, ...(onLinkChanged ? { onLinkChanged } : {}), ...(now ? { now } : {}) }
  const from = cursor.number + 1n
  const to = minBig(head, cursor.number + BigInt(settings.maxBlocksPerPass))
  const heights = await readInBlockHeights(db, caipNetworkId, head)
  const numbers = [...(cursor.number >= 0n ? [cursor.number] : []), ...range(from, to), ...heights]
  const blocks = await readEvmBlocks({ client, numbers })

  const known = cursor.hashes.get(cursor.number)
  if (known && blocks.get(cursor.number)?.hash !== known && depth < 2) {
    return scanNewBlocks({ ...parameters, cursor: await findForkPoint(client, cursor) }, depth + 1)
  }

  // Walk the new range; stop at a missing block or one that does not extend the last (read mid-reorg).
  const hashes = new Map(cursor.hashes)
  let parent = blocks.get(cursor.number)?.hash
  if (parent) hashes.set(cursor.number, parent)
  let last = cursor.number
  const txHashes: string[] = []
  for (let n = from; n <= to; n++) {
    const block = blocks.get(n)
    if (!block || (parent !== undefined && block.parentHash !== parent)) break
    txHashes.push(...block.transactions)
    hashes.set(n, block.hash)
    parent = block.hash
    last = n
  }
  for (const n of hashes.keys()) if (n <= last - rememberedBlocks || n > last) hashes.delete(n)

  // First the payments already in a block (before new detections, which are then current).
  const advanced = await advanceConfirmations({ ...common, head, blocks })
  let changed = advanced.changed
  const matched = await matchPending(db, caipNetworkId, txHashes)
  for (const ids of chunks([...new Set([...advanced.moved, ...matched, ...retryIds])], settings.batchSize)) {
    changed += (await processPayments({ ...common, selection: { kind: 'ids', ids }, knownBlocks: blocks })).changed
  }
  // Matched yet still pending: another process held the claim, or the node behind a load
  // balancer served the block before the receipt. Look once more next pass rather than wait
  // for the periodic re-check.
  const retry = (await stillPending(db, matched)).filter((id) => !retryIds.includes(id))
  return { cursor: { number: last, hashes }, retryIds: retry, changed, matched: matched.length }
}

async function matchPending(db: Db, caipNetworkId: string, txHashes: readonly string[]): Promise<string[]> {
  const ids: string[] = []
  for (const hashes of chunks([...new Set(txHashes)], 5000)) {
    const rows = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.caipNetworkId, caipNetworkId), eq(payments.status, 'pending'), inArray(payments.txHash, hashes)))
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}

async function stillPending(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.id, [...ids]), eq(payments.status, 'pending')))
  return rows.map((r) => r.id)
}

/** After a reorg: the newest remembered block that is still canonical (else as far back as memory goes). */
async function findForkPoint(client: PublicClient, cursor: BlockCursor): Promise<BlockCursor> {
  const heights = [...cursor.hashes.keys()].sort((a, b) => (a < b ? 1 : -1))
  const canonical: Map<bigint, EvmBlockHeader | null> = await readEvmBlocks({ client, numbers: heights })
  for (const height of heights) {
    if (canonical.get(height)?.hash === cursor.hashes.get(height)) {
      return { number: height, hashes: new Map([...cursor.hashes].filter(([n]) => n <= height)) }
    }
  }
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

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
