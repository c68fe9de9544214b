import type { CreatePaymentBody, Link, Payment } from '@paylink/shared'
import { apiGet, hasFields, toApiRequestError } from './client.js'

export const linkAnswer = hasFields<Link>('a payment link', ['id', 'title', 'status', 'version', 'options', 'payments'])
const paymentAnswer = hasFields<Payment>('a payment', ['id', 'status', 'txHash'])

/** The public view of a link (`GET /api/links/:id`): anyone with the link may read it. */
export function fetchLink(id: string): Promise<Link> {
  return apiGet(`/api/links/${encodeURIComponent(id)}`, linkAnswer)
}

/** Hands a transaction hash to the server, which decides from the chain alone (202). */
export async function submitPayment(linkId: string, body: CreatePaymentBody): Promise<Payment> {
  const response = await fetch(`/api/links/${encodeURIComponent(linkId)}/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const json: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toApiRequestError(response.status, json)
  return paymentAnswer.parse(json)
}
