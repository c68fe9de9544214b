import { formatUnits, parseUnits, type OrderList, type OrderTotals } from '@paylink/shared'
import { and, desc, eq } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { LinkNotFoundError } from '../errors.js'
import { summariesOf } from '../links/readLinks.js'
import type { Merchant } from '../merchants/merchant.js'

/**
 * A reusable link's orders for its merchant, newest first (up to `limit`), each with the payer's
 * answers, and their totals: how many are paid, open and expired, and what the paid ones
 * received per asset (confirmed payments counted toward each order).
 */
export async function listOrders(
  db: Db,
  merchant: Merchant,
  linkId: string,
  now: Date = new Date(),
  limit = 500,
): Promise<OrderList> {
  const [link] = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.id, linkId), eq(links.merchant, merchant.id), eq(links.reusable, true)))
  if (!link) throw new LinkNotFoundError(linkId, { ofMerchant: true })
  const orderRows = await db
    .select()
    .from(links)
    .where(eq(links.orderOf, linkId))
    .orderBy(desc(links.createdAt))
    .limit(limit)
  const views = await summariesOf(db, orderRows, merchant, now)
  const orders = orderRows.map((order, i) => ({ ...views[i]!, payer: order.payerDetails ?? {} }))
  const received = new Map<string, { asset: string; symbol: string; decimals: number; atomic: bigint }>()
  for (const order of orders) {
    for (const option of order.options) {
      const atomic = parseUnits(option.paid, option.decimals)
      if (atomic === 0n) continue
      const entry = received.get(option.asset) ?? { ...option, atomic: 0n }
      received.set(option.asset, { ...entry, atomic: entry.atomic + atomic })
    }
  }
  const totals: OrderTotals = {
    orders: orders.length,
    paid: orders.filter((order) => order.status === 'paid').length,
    open: orders.filter((order) => order.status === 'open' || order.status === 'partially_paid').length,
    expired: orders.filter((order) => order.status === 'expired').length,
    received: [...received.values()].map((entry) => ({
      asset: entry.asset,
      symbol: entry.symbol,
      amount: formatUnits(entry.atomic, entry.decimals),
    })),
  }
  return { orders, totals }
}
