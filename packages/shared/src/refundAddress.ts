import { z } from 'zod'
import { maxAddressLength, maxTimestampLength } from './limits.js'

/**
 * A Bitcoin payer's refund address, given on the refund page with a BIP-322 signature from one of
 * the payment transaction's input addresses (a Bitcoin payment has no single sender to send back
 * to). The merchant's refund form offers it.
 */
export const givenRefundAddressSchema = z.object({
  /** Where the payer asks to be refunded (bech32, lowercase). */
  address: z.string().max(maxAddressLength),
  /** The input address whose key signed the statement. */
  signer: z.string().max(maxAddressLength),
  givenAt: z.string().max(maxTimestampLength),
})
export type GivenRefundAddress = z.infer<typeof givenRefundAddressSchema>

/** BIP-322 signatures in base64: a simple one is a witness (~100-150 characters), a full one a whole transaction. */
export const maxBitcoinSignatureLength = 4096

/** `POST /api/payments/:id/refund-address`: the statement, who signed it and the signature (base64). */
export const giveRefundAddressBodySchema = z.strictObject({
  refundAddress: z.string().trim().min(1).max(maxAddressLength),
  signer: z.string().trim().min(1).max(maxAddressLength),
  /** When the payer made the statement (ISO 8601, as in the message): a stored address gives way only to a newer one. */
  issuedAt: z.string().trim().min(1).max(maxTimestampLength),
  /** Exactly `refundAddressMessage(...)` for this payment, refund address and issuedAt. */
  message: z.string().min(1).max(1000),
  signature: z.string().trim().min(1).max(maxBitcoinSignatureLength),
})
export type GiveRefundAddressBody = z.infer<typeof giveRefundAddressBodySchema>

export interface RefundAddressMessageParameters {
  linkId: string
  paymentId: string
  /** The payment's transaction id. */
  txHash: string
  /** As it will be stored: bech32 lowercase (see `normalizeRefundAddress`). */
  refundAddress: string
  /** When the statement is made, ISO 8601 (`new Date().toISOString()`). */
  issuedAt: string
}

/**
 * The text the payer signs: it names the link, the payment, its transaction and the refund
 * address, so a signature given for one payment or one address proves nothing for another; and
 * when it was made, so an older statement cannot be posted again to undo a later correction (the
 * server takes a statement only while it is fresh, and only if it is newer than the stored one).
 */
export function refundAddressMessage({
  linkId,
  paymentId,
  txHash,
  refundAddress,
  issuedAt,
}: RefundAddressMessageParameters): string {
  return [
    'Paylink refund address',
    `Refund my payment to: ${refundAddress}`,
    `Link: ${linkId}`,
    `Payment: ${paymentId}`,
    `Transaction: ${txHash.toLowerCase()}`,
    `Issued at: ${issuedAt}`,
  ].join('\n')
}

/** Bech32 addresses are compared and signed in lowercase (a QR code may carry them in uppercase). */
export function normalizeRefundAddress(text: string): string {
  const trimmed = text.trim()
  return /^(bc|tb|bcrt)1/i.test(trimmed) ? trimmed.toLowerCase() : trimmed
}
