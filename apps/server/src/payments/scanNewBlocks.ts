import { and, eq, inArray } from 'drizzle-orm'
import { type ChainCursor, type PaymentWatch, ChainMismatchError } from '@paylink/chains/server'
import { payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { advanceConfirmations } from './advanceConfirmations.js'
import { clockOf, type ChainPaymentPass } from './paymentPass.js'
import { processPayments } from './processPayments.js'
import { readInBlockHeights } from './readInBlockHeights.js'
import { loadWatches } from './loadWatches.js'
import { recordSightings } from './recordSightings.js'
import { recordUnmatchedSightings } from './recordUnmatchedSightings.js'

export interface ScanNewBlocksParameters extends ChainPaymentPass {
  head: bigint
  cursor: ChainCursor
  /** Payments a scan matched but could not claim last time (another process held them). */
  retryIds?: readonly string[]
  /** Confirmations a payment the family finds by itself (a sighting) must reach; default 1. */
  requiredConfirmations?: number
  /** The watched options at a moment (default: `loadWatches` from the database; the tracker passes its cache). */
  loadWatches?: (now: Date) => Promise<readonly PaymentWatch[]>
  /** Called when the chain rewound, before any payment is touched: throws ChainMismatchError when it is another chain. */
  confirmIdentity?: () => Promise<void>
}

export interface ScanNewBlocksReturnType {
  cursor: ChainCursor
  retryIds: string[]
  changed: number
  /** Transactions in the scanned blocks that pay a pending payment. */
  matched: number
}

/**
 * One tracker pass over a network's new blocks, with a number of RPC requests that does not
 * depend on how many payments wait: the chain family reads the new blocks (their transaction
 * ids), checks the cursor's block still stands (else rewinds) and reads the blocks holding
 * confirming payments, in one batch; one query matches the ids against pending payments; only
 * the matched ones (and payments whose block changed) are read again, in one batch.
 * Confirmations of the rest are head arithmetic. Throws ChainMismatchError, changing nothing,
 * when the chain changed deeper than a reorg may.
 */
export async function scanNewBlocks(parameters: ScanNewBlocksParameters): Promise<ScanNewBlocksReturnType> {
  const { db, chain, caipNetworkId, settings, head, cursor, retryIds = [], requiredConfirmations = 1 } = parameters
  const now = clockOf(parameters)
  const readWatches = parameters.loadWatches ?? ((at: Date) => loadWatches(db, caipNetworkId, at))
  // The same pass, told of the same changes, goes on to decide the payments.
  const pass: ChainPaymentPass = parameters
  const heights = await readInBlockHeights(db, caipNetworkId, head)
  const watches = await readWatches(now())
  const scan = await chain.findPayments({
    head,
    cursor,
    heights,
    maxBlocks: settings.maxBlocksPerPass,
    reorgDepthLimit: settings.reorgDepthLimit,
    watches,
  })
  if (scan.kind === 'changed') throw new ChainMismatchError(`${caipNetworkId}: ${scan.reason}.`)
  if (scan.rewound) await parameters.confirmIdentity?.()
  const { blocks } = scan
  // Payments nobody submitted (a deposit address, a Solana Pay reference): recorded as if the
  // payer had, then matched below with the rest.
  const sighted = await recordSightings(db, {
    caipNetworkId,
    watches,
    sightings: scan.sightings,
    requiredConfirmations,
    now: now(),
  })
  for (const linkId of sighted.linkIds) parameters.onLinkChanged?.(linkId)

  // First the payments already in a block (before new detections, which are then current).
  const advanced = await advanceConfirmations({ ...pass, head, blocks })
  let changed = advanced.changed
  const matched = [...new Set([...(await matchPending(db, caipNetworkId, scan.transactionIds)), ...sighted.paymentIds])]
  for (const ids of chunks([...new Set([...advanced.moved, ...matched, ...retryIds])], settings.batchSize)) {
    changed += (await processPayments({ ...pass, selection: { kind: 'ids', ids }, knownBlocks: blocks })).changed
  }
  // Matched yet still pending: another process held the claim, or the node behind a load
  // balancer served the block before the receipt. Look once more next pass rather than wait
  // for the periodic re-check.
  await recordUnmatchedSightings(db, {
    chain,
    caipNetworkId,
    watches,
    sightings: scan.sightings,
    now: now(),
  })
  const retry = (await stillPending(db, matched)).filter((id) => !retryIds.includes(id))
  return { cursor: scan.cursor, retryIds: retry, changed, matched: matched.length }
}

async function matchPending(db: Db, caipNetworkId: string, transactionIds: readonly string[]): Promise<string[]> {
  const ids: string[] = []
  for (const hashes of chunks([...new Set(transactionIds)], 5000)) {
    const rows = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.caipNetworkId, caipNetworkId),
          eq(payments.status, 'pending'),
          inArray(payments.txHash, hashes),
        ),
      )
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

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
