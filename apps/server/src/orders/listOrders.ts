import { formatUnits, parseUnits, type OrderList, type OrderTotals } from '@paylink/shared'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { linkOptions, links, payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { LinkNotFoundError } from '../errors.js'
import { toLinkView } from '../links/linkViews.js'
import { loadQuotes } from '../links/loadLinkRows.js'
import type { Merchant } from '../merchants/merchant.js'
import { readPublicMerchants } from '../merchants/merchantProfileService.js'

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
  const ids = orderRows.map((order) => order.id)
  const profile = (await readPublicMerchants(db, [merchant.id])).get(merchant.id)
  const optionRows = ids.length ? await db.select().from(linkOptions).where(inArray(linkOptions.linkId, ids)) : []
  const paymentRows = ids.length
    ? await db
        .select()
        .from(payments)
        .where(and(inArray(payments.linkId, ids), inArray(payments.status, ['confirming', 'confirmed'])))
    : []
  const quoteRows = await loadQuotes(
    db,
    orderRows.filter((order) => order.priceCurrency).map((order) => order.id),
    true,
  )
  const orders = orderRows.map((order) => {
    const { payments: _, ...view } = toLinkView(
      order,
      optionRows.filter((o) => o.linkId === order.id).sort((a, b) => a.position - b.position),
      paymentRows.filter((p) => p.linkId === order.id),
      quoteRows.filter((q) => q.linkId === order.id),
      now,
      profile,
    )
    return { ...view, payer: order.payerDetails ?? {} }
  })
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
