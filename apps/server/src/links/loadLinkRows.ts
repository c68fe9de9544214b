import { asc, eq, inArray, sql } from 'drizzle-orm'
import { linkOptions, linkQuotes, links, payments, refunds } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'
import type { LinkOptionRow, LinkQuoteRow, LinkRow, PaymentRow, RefundRow } from '../db/rows.js'
import type { PublicMerchant } from '@paylink/shared'
import { readPublicMerchants } from '../merchants/merchantProfileService.js'
import { countHeldOrders } from '../orders/countHeldOrders.js'

export interface LinkRows {
  link: LinkRow
  options: LinkOptionRow[]
  payments: PaymentRow[]
  /** Fiat-priced links: the quotes that decide anything (see loadQuotes). */
  quotes: LinkQuoteRow[]
  /** The merchant's public profile: part of the view, so a profile save bumps the version of the merchant's links. */
  merchant: PublicMerchant
  /** Refunds of the link's payments, oldest first. */
  refunds: RefundRow[]
  /** A reusable link with `maxOrders`: its orders paid or still open; null otherwise. */
  ordersHeld: number | null
}

/**
 * A link with its options, payments, quotes and merchant profile. `lock` takes the link row FOR NO KEY UPDATE (inside
 * a transaction): every change of a link's status happens under that lock, so two processes
 * never compute it from different states. (NO KEY: payment inserts only need KEY SHARE.)
 */
export async function loadLinkRows(q: Queryable, linkId: string, { lock = false } = {}): Promise<LinkRows | null> {
  const select = q.select().from(links).where(eq(links.id, linkId))
  const [link] = lock ? await select.for('no key update') : await select
  if (!link) return null
  const [optionRows, paymentRows] = [
    await q.select().from(linkOptions).where(eq(linkOptions.linkId, linkId)).orderBy(asc(linkOptions.position)),
    await q
      .select()
      .from(payments)
      .where(eq(payments.linkId, linkId))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
  ]
  const quotes = link.priceCurrency
    ? await loadQuotes(
        q,
        [linkId],
        paymentRows.some((p) => p.linkId === linkId),
      )
    : []
  const merchant = (await readPublicMerchants(q, [link.merchant])).get(link.merchant)!
  // Only links with payments can have refunds: one query saved for every unpaid link.
  const refundRows = paymentRows.length
    ? await q.select().from(refunds).where(eq(refunds.linkId, linkId)).orderBy(asc(refunds.createdAt), asc(refunds.id))
    : []
  const ordersHeld = link.reusable && link.maxOrders !== null ? await countHeldOrders(q, linkId, new Date()) : null
  return { link, options: optionRows, payments: paymentRows, quotes, merchant, refunds: refundRows, ordersHeld }
}

/**
 * The quotes of fiat-priced links: all of a link's quotes once it has payments (each payment is
 * judged against the quote of its time), else only the newest per option (what the checkout shows).
 */
export async function loadQuotes(
  q: Queryable,
  linkIds: readonly string[],
  withHistory: boolean,
): Promise<LinkQuoteRow[]> {
  if (linkIds.length === 0) return []
  if (withHistory)
    return q
      .select()
      .from(linkQuotes)
      .where(inArray(linkQuotes.linkId, [...linkIds]))
  return q
    .selectDistinctOn([linkQuotes.optionId])
    .from(linkQuotes)
    .where(inArray(linkQuotes.linkId, [...linkIds]))
    .orderBy(linkQuotes.optionId, sql`${linkQuotes.createdAt} desc`)
}
