import type { BlockRef, PaymentFinding } from '@paylink/chains/server'
import { applyConfirmationCounts } from './applyConfirmationCounts.js'
import { decidePayment } from './decidePayment.js'
import { loadDecisionContext } from './loadDecisionContext.js'
import { passLease, type PaymentPass } from './paymentPass.js'
import { refuseDeepReorgs } from './refuseDeepReorgs.js'

export interface AdvanceConfirmationsParameters extends PaymentPass {
  head: bigint
  /** The canonical blocks at (at least) the heights of `readInBlockHeights`, read this pass. */
  blocks: ReadonlyMap<bigint, Pick<BlockRef, 'hash' | 'timestamp'> | null>
}

export interface AdvanceConfirmationsReturnType {
  changed: number
  /** Payments whose block is no longer canonical: the caller reads their transactions again. */
  moved: string[]
}

/**
 * Counts confirmations of payments already in a block without reading their transactions:
 * while the canonical block at a payment's height still has the hash it was seen in, its
 * outcome is the one seen (a block hash commits to its transactions and their results), so
 * `head - block + 1` is all there is to know, and that includes the last check before a
 * payment becomes confirmed. Only payments whose block changed go back to a transaction read,
 * and only within the reorg depth limit (deeper, the network halts: `refuseDeepReorgs`).
 */
export async function advanceConfirmations(
  pass: AdvanceConfirmationsParameters,
): Promise<AdvanceConfirmationsReturnType> {
  const { db, caipNetworkId, settings, head, blocks } = pass
  const lease = passLease(pass)
  const { now } = lease
  const claimedIds: string[] = []
  const moved: string[] = []
  let changed = 0
  try {
    // Claims are held until the end, so each chunk excludes the ones before it.
    for (;;) {
      const claimed = await lease.claim({ kind: 'inBlock', head })
      claimedIds.push(...claimed.map((p) => p.id))
      const inputsOf = await loadDecisionContext(db, claimed, caipNetworkId, settings)
      const isMoved = (payment: (typeof claimed)[number]) => {
        const block = payment.blockNumber === null ? undefined : blocks.get(payment.blockNumber)
        return !block || block.hash !== payment.blockHash
      }
      refuseDeepReorgs({
        caipNetworkId,
        moved: claimed.filter(isMoved),
        head,
        reorgDepthLimit: settings.reorgDepthLimit,
      })
      const countsOnly: string[] = []
      for (const payment of claimed) {
        const block = payment.blockNumber === null ? undefined : blocks.get(payment.blockNumber)
        if (!block || isMoved(payment) || payment.blockNumber === null) {
          moved.push(payment.id)
          continue
        }
        const finding: PaymentFinding = {
          known: false,
          inclusion: { blockNumber: payment.blockNumber, blockHash: block.hash, success: true },
          block: { hash: block.hash, timestamp: block.timestamp },
          match: null,
        }
        const decision = decidePayment(payment, finding, { ...inputsOf(payment), head, now: now() })
        if (
          !decision.unchanged &&
          decision.events.length === 0 &&
          Object.keys(decision.patch).every((key) => key === 'confirmations')
        ) {
          countsOnly.push(payment.id)
        } else if (await lease.apply(payment, decision)) {
          changed++
        }
      }
      const counted = { ids: countsOnly, leaseToken: lease.leaseToken, head, now: now() }
      for (const linkId of await applyConfirmationCounts(db, counted)) {
        changed++
        pass.onLinkChanged?.(linkId)
      }
      if (claimed.length < settings.batchSize) break
    }
    return { changed, moved }
  } finally {
    await lease.release(claimedIds)
  }
}
