import { ChainReadError } from '../../serverFace/errors.js'
import { findForkPoint, heightRange } from '../../serverFace/findForkPoint.js'
import type {
  BlockRef,
  FindPaymentsParameters,
  FindPaymentsReturnType,
  PaymentSighting,
} from '../../serverFace/chainFamily.js'
import type { BitcoinReaderMemory } from './bitcoinReaderMemory.js'
import type { EsploraClient } from './createEsploraClient.js'
import { parseRawBlock, type ParsedBlock } from './parseRawBlock.js'
import { sightMempool } from './sightMempool.js'

export interface ScanBitcoinBlocksParameters extends FindPaymentsParameters {
  esplora: EsploraClient
  memory: BitcoinReaderMemory
}

/**
 * The new blocks after the cursor, from Esplora, with a number of requests that does not grow
 * with the open links: per new block `GET /block-height/:h` and `GET /block/:hash/raw` (every
 * transaction in one request, parsed here: the transaction ids and each output paying a
 * watched address, a sighting); the cursor's block hash (a changed hash is a reorg: rewind to
 * the newest remembered block still canonical, as on EVM); the hash at each asked height the
 * cursor does not remember (block times are remembered from the raw blocks); and a constant
 * batch of mempool reads.
 * The walk stops at a missing block, one whose parent is not the last, or one that could not
 * be read (after the client's retries): the cursor only moves past blocks read completely.
 */
export async function scanBitcoinBlocks(
  parameters: ScanBitcoinBlocksParameters,
  depth = 0,
): Promise<FindPaymentsReturnType> {
  const { esplora, memory, head, cursor, heights, maxBlocks, reorgDepthLimit, watches } = parameters
  const from = cursor.number + 1n
  const to = minBig(head, cursor.number + BigInt(maxBlocks))
  const fresh = heightRange(from, to)
  // The tracker's payments sit in recent blocks, which the cursor mostly remembers: those are
  // not read (see below); the others are, in the same parallel batch.
  const rememberedHash = (height: bigint) => (height <= cursor.number ? cursor.hashes.get(height) : undefined)
  const hashAt = await readHashes(esplora, [
    ...(cursor.number >= 0n ? [cursor.number] : []),
    ...fresh,
    ...heights.filter((height) => rememberedHash(height) === undefined),
  ])

  const known = cursor.hashes.get(cursor.number)
  const stands = known !== undefined && hashAt.get(cursor.number) === known
  if (known && !stands && depth < 2) {
    const fork = await findForkPoint((heights) => readHashes(esplora, heights), cursor, reorgDepthLimit)
    if (!fork) {
      const seen = `none of the last ${cursor.hashes.size} blocks the tracker saw (up to block ${cursor.number}) is on the chain any more`
      return { kind: 'changed', reason: `${seen}: deeper than the ${reorgDepthLimit}-block reorg limit` }
    }
    const rescanned = await scanBitcoinBlocks({ ...parameters, cursor: fork }, depth + 1)
    return rescanned.kind === 'scanned' ? { ...rescanned, rewound: true } : rescanned
  }

  // Every remembered block was scanned as the parent of the next, up to the cursor's: while the
  // cursor's block stands, so do they, and their hashes need no request. Otherwise, read them.
  const unread = heights.filter((height) => !hashAt.has(height))
  if (stands) for (const height of unread) hashAt.set(height, rememberedHash(height)!)
  else for (const [height, hash] of await readHashes(esplora, unread)) hashAt.set(height, hash)
  const watched = memory.watchedScripts(watches)
  // With a new block the mempool is not read here: its 20 reads held the block's payments (and
  // their SSE "paid") until the slowest answered; the tracker reads it after the block's payments
  // (`sightPending`). Without one (a forced pass), the rotation goes out with the hash reads.
  const mempool = fresh.length === 0 ? sightMempool(esplora, memory, watches) : Promise.resolve([])
  mempool.catch(() => {}) // awaited below; not an unhandled rejection while the blocks are read
  const blocks = new Map<bigint, BlockRef | null>()
  // A cursor block replaced again while following a reorg: its remembered ancestors are not trusted either.
  const hashes = new Map(known !== undefined && !stands ? [] : cursor.hashes)
  let parent = hashAt.get(cursor.number) ?? undefined
  if (parent) hashes.set(cursor.number, parent)
  let last = cursor.number
  const transactionIds: string[] = []
  const sightings: PaymentSighting[] = []
  // One block at a time: a catch-up pass holds one raw block in memory, not maxBlocks of them.
  for (const height of fresh) {
    const hash = hashAt.get(height)
    let block: ParsedBlock | null
    try {
      block = hash ? await readRawBlock(esplora, hash) : null
    } catch (error) {
      // The blocks read so far stand: the cursor stops before this one, which the next pass reads again.
      if (last === cursor.number) throw error
      break
    }
    if (!hash || !block || (parent !== undefined && block.previousHash !== parent)) break
    memory.rememberTimestamp(hash, block.timestamp)
    blocks.set(height, { number: height, hash, timestamp: block.timestamp })
    for (const transaction of block.transactions) {
      transactionIds.push(transaction.txid)
      const paid = new Set(transaction.outputs.flatMap((output) => watched.get(output.script) ?? []))
      for (const optionId of paid) sightings.push({ transactionId: transaction.txid, optionId })
    }
    hashes.set(height, hash)
    parent = hash
    last = height
  }
  for (const height of heights) {
    if (blocks.has(height)) continue
    const hash = hashAt.get(height)
    const timestamp = hash ? (memory.timestamps.get(hash) ?? (await esplora.block(hash))?.timestamp) : undefined
    blocks.set(height, hash && timestamp !== undefined ? { number: height, hash, timestamp: BigInt(timestamp) } : null)
    if (hash && timestamp !== undefined) memory.rememberTimestamp(hash, BigInt(timestamp))
  }
  sightings.push(...(await mempool))

  const remembered = BigInt(reorgDepthLimit)
  for (const n of hashes.keys()) if (n <= last - remembered || n > last) hashes.delete(n)
  return { kind: 'scanned', cursor: { number: last, hashes }, blocks, transactionIds, sightings, rewound: false }
}

async function readHashes(esplora: EsploraClient, heights: readonly bigint[]): Promise<Map<bigint, string | null>> {
  const unique = [...new Set(heights)]
  const hashes = await Promise.all(unique.map((height) => esplora.blockHashAt(height)))
  return new Map(unique.map((height, i) => [height, hashes[i]!]))
}

async function readRawBlock(esplora: EsploraClient, hash: string): Promise<ParsedBlock | null> {
  const raw = await esplora.rawBlock(hash)
  if (!raw) return null
  let block: ParsedBlock
  try {
    block = parseRawBlock(raw)
  } catch (cause) {
    throw new ChainReadError(`Esplora's raw block ${hash} could not be read as a block`, {
      details: (cause as Error).message,
      cause,
    })
  }
  if (block.hash !== hash) throw new ChainReadError(`Esplora's raw block ${hash} hashes to ${block.hash}`)
  return block
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
