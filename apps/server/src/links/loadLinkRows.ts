import { asc, eq } from 'drizzle-orm'
import { linkOptions, links, payments } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'
import type { LinkOptionRow, LinkRow, PaymentRow } from '../db/rows.js'

export interface LinkRows {
  link: LinkRow
  options: LinkOptionRow[]
  payments: PaymentRow[]
}

/**
 * A link with its options and payments. `lock` takes the link row FOR NO KEY UPDATE (inside
 * a transaction): every change of a link's status happens under that lock, so two processes
 * never compute it from different states. (NO KEY: payment inserts only need KEY SHARE.)
 */
export async function loadLinkRows(q: Queryable, linkId: string, { lock = false } = {}): Promise<LinkRows | null> {
  const select = q.select().from(links).where(eq(links.id, linkId))
  const [link] = lock ? await select.for('no key update') : await select
  if (!link) return null
  const [optionRows, paymentRows] = [
    await q.select().from(linkOptions).where(eq(linkOptions.linkId, linkId)).orderBy(asc(linkOptions.position)),
    await q.select().from(payments).where(eq(payments.linkId, linkId)).orderBy(asc(payments.createdAt), asc(payments.id)),
  ]
  return { link, options: optionRows, payments: paymentRows }
}
