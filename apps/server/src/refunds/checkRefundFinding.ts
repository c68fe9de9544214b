import type { PaymentFinding, TransferCredit } from '@paylink/chains/server'
import { RefundConflictError, RefundRefusedError } from './refundErrors.js'

export interface CheckRefundFindingParameters {
  /** What the chain family read about the refund transaction, matched against one expected transfer: the payment's asset to `recipient`. */
  finding: PaymentFinding
  /** Who must have sent it (the option's recipient: the merchant's wallet), compared as the family writes addresses; null: not checked (Bitcoin, see recordRefund). */
  sender: string | null
  /** Atomic units the payment brought, and the refunds recorded for it so far. */
  paid: bigint
  refundedBefore: bigint
}

export interface CheckRefundFindingReturnType {
  /** The transfers of the refund (usually one), each recorded as a row. */
  credits: TransferCredit[]
  amount: bigint
}

/**
 * Whether a transaction read on chain refunds a payment, from the chain's data alone: in a
 * canonical block, succeeded, moved the payment's asset to the payer, from the merchant's
 * receiving address, and the refunds together stay within what was paid. Throws the refusal
 * naming the first check that failed.
 */
export function checkRefundFinding({
  finding,
  sender,
  paid,
  refundedBefore,
}: CheckRefundFindingParameters): CheckRefundFindingReturnType {
  if (!finding.inclusion) {
    if (!finding.known)
      throw new RefundRefusedError(
        'REFUND_TX_NOT_FOUND',
        'The node does not know this transaction: check the id and the network.',
      )
    throw new RefundConflictError(
      'REFUND_NOT_MINED',
      'The transaction is not in a block yet: post it again once it is mined.',
    )
  }
  // Mid-reorg: the block the node names is not the canonical one at its height.
  if (!finding.block || finding.block.hash !== finding.inclusion.blockHash) {
    throw new RefundConflictError(
      'REFUND_NOT_MINED',
      'The transaction is not in a canonical block right now: post it again in a moment.',
    )
  }
  if (!finding.inclusion.success)
    throw new RefundRefusedError('REFUND_TX_FAILED', 'The transaction failed on chain: it moved no money.')
  const match = finding.match
  if (!match)
    throw new RefundConflictError(
      'REFUND_NOT_MINED',
      'The transaction could not be matched yet: post it again in a moment.',
    )
  if (!match.ok) {
    if (match.reason === 'tx_reverted')
      throw new RefundRefusedError('REFUND_TX_FAILED', 'The transaction failed on chain: it moved no money.')
    if (match.reason === 'wrong_token')
      throw new RefundRefusedError(
        'REFUND_WRONG_ASSET',
        "The transaction pays the payer in another asset than the payment's.",
      )
    throw new RefundRefusedError('REFUND_WRONG_RECIPIENT', 'The transaction sends nothing to the address that paid.')
  }
  const credits = sender === null ? match.credits : match.credits.filter((credit) => credit.payer === sender)
  if (credits.length === 0) {
    throw new RefundRefusedError(
      'REFUND_WRONG_SENDER',
      `The transfer to the payer comes from ${match.credits[0]?.payer ?? 'another address'}, not from the payment's recipient ${sender}.`,
    )
  }
  const amount = credits.reduce((sum, credit) => sum + credit.amount, 0n)
  if (refundedBefore + amount > paid) {
    throw new RefundConflictError(
      'REFUND_ABOVE_PAID',
      'With this transaction the refunds would come to more than the payment brought: it is not recorded.',
    )
  }
  return { credits, amount }
}
