import type { CreateOrderBody, Link, OrderList } from '@paylink/shared'
import { orderListSchema } from '@paylink/shared'
import { apiGet, apiSend } from './client.js'
import { linkAnswer } from './checkout.js'

/** Starts buying from a reusable link (public): the server answers the new order, a link of its own to pay. */
export function createOrder(linkId: string, body: CreateOrderBody): Promise<Link> {
  return apiSend('POST', `/api/links/${encodeURIComponent(linkId)}/orders`, linkAnswer, body)
}

/** A reusable link's orders with the payers' answers and their totals (merchant). */
export const listOrders = (linkId: string): Promise<OrderList> =>
  apiGet(`/api/links/${encodeURIComponent(linkId)}/orders`, orderListSchema)
