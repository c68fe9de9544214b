import { ConflictError, NotFoundError, ValidationError } from '../errors.js'

/** No payment of that id, or not one of the caller's links (another merchant's payment reads as missing). */
export class PaymentNotFoundError extends NotFoundError {
  constructor(paymentId: string, { ofMerchant = true }: { ofMerchant?: boolean } = {}) {
    super('PAYMENT_NOT_FOUND', `No payment ${paymentId}${ofMerchant ? ' of yours' : ''}.`)
  }
}

/**
 * The refund transaction, as read on chain, is not a refund of this payment: the code names the
 * check that failed (REFUND_TX_NOT_FOUND, REFUND_TX_FAILED, REFUND_WRONG_SENDER,
 * REFUND_WRONG_RECIPIENT, REFUND_WRONG_ASSET, REFUND_ADDRESS_...). Nothing is recorded.
 */
export class RefundRefusedError extends ValidationError {}

/**
 * The refund clashes with the payment's state: not refundable (not confirmed), the total would pass
 * what was paid, the transaction already refunds another payment, or it is not in a block yet
 * (REFUND_NOT_MINED: post it again once it is).
 */
export class RefundConflictError extends ConflictError {}

/**
 * A refund address the payer gave is not taken: the code names the check that failed
 * (REFUND_ADDRESS_NOT_BITCOIN, REFUND_STATEMENT_STALE, REFUND_MESSAGE_MISMATCH,
 * REFUND_SIGNATURE_INVALID, REFUND_SIGNER_NOT_AN_INPUT). Nothing is stored.
 */
export class RefundAddressRefusedError extends ValidationError {}
