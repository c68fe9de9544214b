import type { CreatePaymentBody, Link, Payment } from '@paylink/shared'
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
