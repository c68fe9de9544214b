import { randomBytes } from 'node:crypto'
import type { EvmBlockHeader } from '../chains/readEvmBlocks.js'
import type { Db } from '../db/openDatabase.js'
import { applyConfirmationCounts } from './applyConfirmationCounts.js'
import { applyDecision } from './applyDecision.js'
import { claimPayments, releasePayments } from './claimPayments.js'
import { decidePayment } from './decidePayment.js'
import { loadDecisionContext } from './loadDecisionContext.js'
import type { PaymentProcessingSettings } from './processPayments.js'

export interface AdvanceConfirmationsParameters {
  db: Db
  caipNetworkId: string
  settings: PaymentProcessingSettings
  head: bigint
  /** The canonical blocks at (at least) the heights of `readInBlockHeights`, read this pass. */
  blocks: ReadonlyMap<bigint, Pick<EvmBlockHeader, 'hash' | 'timestamp'> | null>
  onLinkChanged?: (linkId: string) => void
  now?: () => Date
}

export interface AdvanceConfirmationsReturnType {
  changed: number
  /** Payments whose block is no longer canonical: the caller reads their receipts again. */
  moved: string[]
}

/**
 * Counts confirmations of payments already in a block without reading their transactions:
 * while the canonical block at a payment's height still has the hash it was seen in, its
 * receipt is the one seen (a block hash commits to its transactions and receipts), so
 * `head - block + 1` is all there is to know, and that includes the last check before a
 * payment becomes confirmed. Only payments whose block changed go back to a receipt read.
 */
export async function advanceConfirmations({
  db,
  caipNetworkId,
  settings,
  head,
  blocks,
  onLinkChanged,
  now = () => new Date(),
}: AdvanceConfirmationsParameters): Promise<AdvanceConfirmationsReturnType> {
  const leaseToken = randomBytes(12).toString('base64url')
  const claimedIds: string[] = []
  const moved: string[] = []
  let changed = 0
  try {
    // Claims are held until the end, so each chunk excludes the ones before it.
    for (;;) {
      const claimed = await claimPayments(db, { caipNetworkId, selection: { kind: 'inBlock', head }, leaseToken, leaseMs: settings.leaseMs, limit: settings.batchSize })
      claimedIds.push(...claimed.map((p) => p.id))
      const decide = claimed.length ? await loadDecisionContext(db, claimed, caipNetworkId, settings) : null
      const countsOnly: string[] = []
      for (const payment of claimed) {
        const block = payment.blockNumber === null ? undefined : blocks.get(payment.blockNumber)
        if (!block || block.hash !== payment.blockHash || payment.blockNumber === null) {
          moved.push(payment.id)
          continue
        }
        const evidence = {
          transaction: null,
          receipt: { success: true, blockNumber: payment.blockNumber, blockHash: block.hash, logs: [] },
          block: { hash: block.hash, timestamp: block.timestamp },
        }
        const decision = decide!(payment, (inputs) => decidePayment(payment, evidence, { ...inputs, head, now: now() }))
        if (!decision.unchanged && decision.events.length === 0 && Object.keys(decision.patch).every((key) => key === 'confirmations')) {
          countsOnly.push(payment.id)
        } else if (await applyDecision(db, payment, decision, leaseToken, now())) {
          changed++
          onLinkChanged?.(payment.linkId)
        }
      }
      for (const linkId of await applyConfirmationCounts(db, { ids: countsOnly, leaseToken, head, now: now() })) {
        changed++
        onLinkChanged?.(linkId)
      }
      if (claimed.length < settings.batchSize) break
    }
    return { changed, moved }
  } finally {
    await releasePayments(db, { leaseToken, ids: claimedIds })
  }
}
