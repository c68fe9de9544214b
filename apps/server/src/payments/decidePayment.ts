import type { PaymentReason, PaymentStatus, WebhookEventType } from '@paylink/shared'
import type { PaymentFinding, TransferCredit } from '@paylink/chains/server'
import type { PaymentRow } from '../db/rows.js'

export interface DecidePaymentContext {
  head: bigint
  now: Date
  linkExpiresAt: Date | null
  /** How long a transaction the node does not know may stay pending. */
  missingGraceMs: number
  /** Blocks past the required confirmations during which a confirmed payment is still re-checked. */
  watchBlocks: number
}

export type PaymentPatch = Partial<
  Pick<
    PaymentRow,
    | 'status'
    | 'reason'
    | 'optionId'
    | 'logIndex'
    | 'amount'
    | 'payer'
    | 'blockNumber'
    | 'blockHash'
    | 'confirmations'
    | 'late'
    | 'minedAt'
    | 'watchUntilBlock'
    | 'missingSince'
    | 'detectedAt'
    | 'confirmedAt'
  >
>

export interface PaymentDecision {
  /** Nothing a reader can see changed: release the claim only. */
  unchanged: boolean
  patch: PaymentPatch
  /** Transfers to credit, in preference order (first free one wins); none when already credited. */
  credits: TransferCredit[]
  events: WebhookEventType[]
}

const unchanged: PaymentDecision = { unchanged: true, patch: {}, credits: [], events: [] }

/**
 * The next state of one payment from a fresh chain finding (whatever the chain family): the
 * state machine of the tracker as a pure function (see the README's "Payments" section for
 * the diagram in words).
 */
export function decidePayment(
  payment: PaymentRow,
  finding: PaymentFinding,
  context: DecidePaymentContext,
): PaymentDecision {
  const { inclusion, block, known, match } = finding
  const status = payment.status as PaymentStatus
  const credited = payment.optionId !== null
  const wasDetected = status === 'confirming' || status === 'confirmed'

  if (!inclusion) {
    if (wasDetected && payment.blockNumber === null) {
      // Detected while waiting to be mined (confirming 0/N) and never in a block yet.
      if (finding.unmined) return unchanged
      // Gone before any block: replaced (RBF) or its inputs spent elsewhere. It never counted; the
      // merchant, told it was detected, is told it was taken back; failed after the grace below.
      return change(
        { status: 'pending', reason: 'dropped', confirmations: 0, missingSince: context.now },
        [],
        ['payment.reverted'],
      )
    }
    if (wasDetected) {
      // Reorged out: wait for the transaction to be mined again, for a while.
      return change(
        { status: 'pending', reason: 'reorged_out', confirmations: 0, confirmedAt: null, missingSince: context.now },
        [],
        ['payment.reverted'],
      )
    }
    if (status !== 'pending') return unchanged
    if (finding.unmined && payment.blockNumber === null) {
      // Waiting to be mined where the family reads what it pays (a Bitcoin mempool): shown as
      // confirming 0/N whoever reported it (the checkout's POST or a sighting), never counted
      // (only confirmed payments count). A payment reorged out keeps waiting as it is.
      const seen = { status: 'confirming' as const, reason: null, confirmations: 0, missingSince: null }
      if (credited) return change(seen, [], ['payment.detected'])
      if (!match) return unchanged
      if (!match.ok) return change({ status: 'failed', reason: match.reason })
      const late = context.linkExpiresAt !== null && context.now.getTime() > context.linkExpiresAt.getTime()
      return change({ ...seen, late, detectedAt: context.now }, match.credits, ['payment.detected'])
    }
    if (known) {
      if (payment.reason === 'dropped') return change({ reason: null, missingSince: null })
      return payment.missingSince ? { ...unchanged, patch: { missingSince: null } } : unchanged
    }
    // Known before (its missing clock was cleared), gone now: replaced (RBF) or its inputs spent
    // elsewhere. Shown as 'dropped' at once; failed (or reverted, once credited) after the grace.
    const dropped = payment.missingSince === null || payment.reason === 'dropped'
    const missingSince = payment.missingSince ?? context.now
    if (context.now.getTime() - missingSince.getTime() >= context.missingGraceMs) {
      // Reverted only what was in a block; a payment credited in the mempool never was.
      const wasInBlock = credited && payment.blockNumber !== null
      return wasInBlock
        ? change({ status: 'reverted', reason: 'dropped' })
        : change({ status: 'failed', reason: dropped ? 'dropped' : 'tx_not_found' })
    }
    if (payment.missingSince) return unchanged
    return dropped && payment.reason === null
      ? change({ missingSince, reason: 'dropped' })
      : { ...unchanged, patch: { missingSince } }
  }
  // The node's inclusion and its canonical block disagree (mid-reorg): decide next time.
  if (!block || block.hash !== inclusion.blockHash) return unchanged

  const patch: PaymentPatch = {}
  const events: WebhookEventType[] = []
  let credits: TransferCredit[] = []
  let next: PaymentStatus = status
  const late = context.linkExpiresAt !== null && block.timestamp * 1000n > BigInt(context.linkExpiresAt.getTime())
  // Kept so the status rules can tell a late payment inside the link's grace window, and which quote it was made under.
  const minedAt = new Date(Number(block.timestamp * 1000n))

  if (!credited) {
    if (status !== 'pending') return unchanged
    if (!match) return unchanged
    if (!match.ok) return change({ status: 'failed', reason: match.reason })
    credits = match.credits
    next = 'confirming'
    Object.assign(patch, {
      reason: null,
      blockNumber: inclusion.blockNumber,
      blockHash: inclusion.blockHash,
      late,
      minedAt,
      detectedAt: context.now,
      missingSince: null,
    })
    events.push('payment.detected')
  } else {
    if (!inclusion.success) {
      return change(
        { status: 'reverted', reason: 'tx_reverted', confirmations: 0, confirmedAt: null },
        [],
        status === 'pending' ? [] : ['payment.reverted'],
      )
    }
    if (payment.blockHash !== inclusion.blockHash) {
      Object.assign(patch, { blockNumber: inclusion.blockNumber, blockHash: inclusion.blockHash, late, minedAt })
    }
    if (status === 'pending') {
      next = 'confirming'
      Object.assign(patch, { reason: null, missingSince: null })
      events.push('payment.detected')
    }
  }

  const confirmations = Number(context.head >= inclusion.blockNumber ? context.head - inclusion.blockNumber + 1n : 0n)
  if (next === 'confirming' && confirmations >= payment.requiredConfirmations) {
    next = 'confirmed'
    patch.confirmedAt = context.now
    patch.watchUntilBlock = inclusion.blockNumber + BigInt(payment.requiredConfirmations + context.watchBlocks)
    events.push('payment.confirmed')
  } else if (next === 'confirmed' && confirmations < payment.requiredConfirmations) {
    // Moved to a later block by a reorg: not deep enough any more.
    next = 'confirming'
    patch.confirmedAt = null
  }
  if (next !== status) patch.status = next
  if (confirmations !== payment.confirmations) patch.confirmations = confirmations
  return { unchanged: Object.keys(patch).length === 0, patch, credits, events }
}

function change(patch: PaymentPatch, credits: TransferCredit[] = [], events: WebhookEventType[] = []): PaymentDecision {
  return { unchanged: false, patch, credits, events }
}

export type { PaymentReason }
