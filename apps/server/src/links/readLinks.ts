import type { Link, LinkList, Payment } from '@paylink/shared'
import type { LinkRow } from '../db/rows.js'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { linkOptions, links, payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { LinkNotFoundError } from '../errors.js'
import { toLinkView, toLinkViewOf } from './linkViews.js'
import { loadLinkRows, loadQuotes } from './loadLinkRows.js'
import type { Merchant } from '../merchants/merchant.js'
import { readPublicMerchants } from '../merchants/merchantProfileService.js'

/** The public view of a link, or LINK_NOT_FOUND. */
export async function requireLink(db: Db, linkId: string, now: Date = new Date()): Promise<Link> {
  const link = await getLink(db, linkId, now)
  if (!link) throw new LinkNotFoundError(linkId)
  return link
}

/** The public view of a link, or null, read from the database (the routes read through LinkViewCache). */
export async function getLink(db: Db, linkId: string, now: Date = new Date()): Promise<Link | null> {
  const rows = await loadLinkRows(db, linkId)
  return rows ? toLinkViewOf(rows, now) : null
}

/** The merchant's links, newest first, with status and totals per option (no payment list). */
export async function listLinks(db: Db, merchant: Merchant, now: Date = new Date(), limit = 200): Promise<LinkList> {
  const linkRows = await db
    .select()
    .from(links)
    // Orders are listed on their reusable link's page (GET /api/links/:id/orders).
    .where(and(eq(links.merchant, merchant.id), isNull(links.orderOf)))
    .orderBy(desc(links.createdAt))
    .limit(limit)
  const views = await summariesOf(db, linkRows, merchant, now)
  return { links: linkRows.map((link, i) => ({ ...views[i]!, webhookUrl: link.webhookUrl })) }
}

/**
 * Links' views without their payment lists (status and totals per option), in the order of
 * `linkRows`, read in four queries whatever their number: the links list and a reusable link's orders.
 */
export async function summariesOf(
  db: Db,
  linkRows: readonly LinkRow[],
  merchant: Merchant,
  now: Date,
): Promise<Array<Omit<Link, 'payments'>>> {
  if (linkRows.length === 0) return []
  const ids = linkRows.map((l) => l.id)
  const profile = (await readPublicMerchants(db, [merchant.id])).get(merchant.id)
  const [optionRows, paymentRows] = [
    await db.select().from(linkOptions).where(inArray(linkOptions.linkId, ids)),
    await db
      .select()
      .from(payments)
      .where(and(inArray(payments.linkId, ids), inArray(payments.status, ['confirming', 'confirmed']))),
  ]
  const quoteRows = await loadQuotes(
    db,
    linkRows.filter((l) => l.priceCurrency).map((l) => l.id),
    true,
  )
  return linkRows.map((link) => {
    const { payments: _, ...view } = toLinkView(
      link,
      optionRows.filter((o) => o.linkId === link.id).sort((a, b) => a.position - b.position),
      paymentRows.filter((p) => p.linkId === link.id),
      quoteRows.filter((q) => q.linkId === link.id),
      now,
      profile,
    )
    return view
  })
}

export async function getPayment(db: Db, paymentId: string): Promise<Payment | null> {
  const [payment] = await db.select({ linkId: payments.linkId }).from(payments).where(eq(payments.id, paymentId))
  if (!payment) return null
  // As the link's view shows it: whether it counts and its quote depend on the link and its other payments.
  const link = await getLink(db, payment.linkId)
  return link?.payments.find((p) => p.id === paymentId) ?? null
}
