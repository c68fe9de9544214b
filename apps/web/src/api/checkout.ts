import type {
  CreatePaymentBody,
  GiveRefundAddressBody,
  GivenRefundAddressResponse,
  Link,
  PayerLanguage,
  Payment,
  ReceiptEmailAnswer,
} from '@paylink/shared'
import { apiGet, apiSend, hasFields } from './client.js'

export const linkAnswer = hasFields<Link>('a payment link', ['id', 'title', 'status', 'version', 'options', 'payments'])
const paymentAnswer = hasFields<Payment>('a payment', ['id', 'status', 'txHash'])

/** The public view of a link (`GET /api/links/:id`): anyone with the link may read it. */
export function fetchLink(id: string): Promise<Link> {
  return apiGet(`/api/links/${encodeURIComponent(id)}`, linkAnswer)
}

/** Hands a transaction hash to the server, which decides from the chain alone (202). */
export function submitPayment(linkId: string, body: CreatePaymentBody): Promise<Payment> {
  return apiSend('POST', `/api/links/${encodeURIComponent(linkId)}/payments`, paymentAnswer, body)
}

const receiptEmailAnswer = hasFields<ReceiptEmailAnswer>('a receipt email answer', ['status'])

/**
 * Asks the server to email the receipt: now if the link is paid ("sent"), else once it is
 * ("queued"), written in the language the payer reads the page in.
 */
export function requestReceiptEmail(
  linkId: string,
  email: string,
  language: PayerLanguage,
): Promise<ReceiptEmailAnswer> {
  return apiSend('POST', `/api/links/${encodeURIComponent(linkId)}/receipt-email`, receiptEmailAnswer, {
    email,
    language,
  })
}

const givenRefundAddressAnswer = hasFields<GivenRefundAddressResponse>('a payment with its refund address', ['payment'])

/** A Bitcoin payer's refund address with its BIP-322 signature from one of the payment's input addresses (public: the signature is the proof). */
export function giveRefundAddress(paymentId: string, body: GiveRefundAddressBody): Promise<GivenRefundAddressResponse> {
  return apiSend(
    'POST',
    `/api/payments/${encodeURIComponent(paymentId)}/refund-address`,
    givenRefundAddressAnswer,
    body,
  )
}
