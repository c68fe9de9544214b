import { bitcoinRecipientProblem } from '../core/bitcoinRecipientProblem.js'
import { RequestValidationError } from '../../serverFace/errors.js'

/**
 * Where a Bitcoin refund goes: the address the merchant gives, else the one the payer gave on the
 * refund page (a payment has no single address to send back to). Lowercase, as Bitcoin readers
 * report recipients.
 */
export function bitcoinRefundRecipient(_payer: string, refundAddress: string | undefined): string {
  if (!refundAddress) {
    throw new RequestValidationError(
      'body.refundAddress: is required on Bitcoin unless the payer gave one on the refund page (a payment has no single address to send back to)',
    )
  }
  if (!/^(bc1|tb1|bcrt1)/i.test(refundAddress) || bitcoinRecipientProblem(refundAddress)) {
    throw new RequestValidationError('body.refundAddress: must be a Bitcoin address (bc1…, tb1…, bcrt1…)')
  }
  return refundAddress.toLowerCase()
}
