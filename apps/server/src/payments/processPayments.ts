import type { BlockRef } from '@paylink/chains/server'
import type { PaymentSelection } from './claimPayments.js'
import { decidePayment } from './decidePayment.js'
import { loadDecisionContext } from './loadDecisionContext.js'
import { passLease, type ChainPaymentPass } from './paymentPass.js'
import { refuseDeepReorgs } from './refuseDeepReorgs.js'

export interface ProcessPaymentsParameters extends ChainPaymentPass {
  /** Which payments: default the due ones (the periodic re-check). */
  selection?: PaymentSelection
  /** Blocks the caller just read: their canonical hashes are not read again. */
  knownBlocks?: ReadonlyMap<bigint, Pick<BlockRef, 'hash' | 'timestamp'> | null>
}

export interface ProcessPaymentsReturnType {
  claimed: number
  changed: number
}

/**
 * Reads each selected payment's own transaction: claim them (a lease taken with FOR UPDATE
 * SKIP LOCKED, so concurrent trackers split the work), ask the chain about every one at once
 * (the still-unmatched ones with their link's options, so the chain family says what they
 * pay), then write each payment's next state with its link's status and webhook events in
 * one transaction that first checks the claim is still ours.
 */
export async function processPayments(pass: ProcessPaymentsParameters): Promise<ProcessPaymentsReturnType> {
  const { db, chain, caipNetworkId, settings, knownBlocks } = pass
  const lease = passLease(pass)
  const claimed = await lease.claim(pass.selection ?? { kind: 'due' })
  if (claimed.length === 0) return { claimed: 0, changed: 0 }
  const claimedIds = claimed.map((p) => p.id)
  let read = false
  try {
    const inputsOf = await loadDecisionContext(db, claimed, caipNetworkId, settings)
    const { head, findings } = await chain.readEvidence(
      claimed.map((p) => ({ transactionId: p.txHash, options: p.optionId === null ? inputsOf(p).options : null })),
      knownBlocks,
    )
    read = true
    const moved = claimed.filter(
      (p, i) =>
        (p.status === 'confirming' || p.status === 'confirmed') &&
        p.blockHash !== null &&
        findings[i]!.inclusion?.blockHash !== p.blockHash,
    )
    refuseDeepReorgs({ caipNetworkId, moved, head, reorgDepthLimit: settings.reorgDepthLimit })
    let changed = 0
    for (const [i, payment] of claimed.entries()) {
      const decision = decidePayment(payment, findings[i]!, { ...inputsOf(payment), head, now: lease.now() })
      if (await lease.apply(payment, decision)) changed++
    }
    return { claimed: claimed.length, changed }
  } finally {
    // A failed read frees the claims at once; a completed one lets pending payments rest.
    await lease.release(
      claimedIds,
      read ? { recheckMs: settings.recheckMs, missingGraceMs: settings.missingGraceMs } : undefined,
    )
  }
}
