import type { PaymentRow } from '../db/rows.js'
import type { PaymentDecision } from './decidePayment.js'

/** What the tracker just did to one payment: the operator's log line (credit, confirm, revert, fail). */
export interface PaymentAction {
  paymentId: string
  linkId: string
  caipNetworkId: string
  txHash: string
  /** The payment's status after the change. */
  status: string
  /** The webhook events the change raised (payment.detected, payment.confirmed, link.paid, ...). */
  events: readonly string[]
}

export function paymentActionOf(payment: PaymentRow, decision: PaymentDecision): PaymentAction {
  return {
    paymentId: payment.id,
    linkId: payment.linkId,
    caipNetworkId: payment.caipNetworkId,
    txHash: payment.txHash,
    status: decision.patch.status ?? payment.status,
    events: decision.events,
  }
}
