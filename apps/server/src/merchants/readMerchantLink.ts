import { and, eq } from 'drizzle-orm'
import type { LinkRow } from '../db/rows.js'
import { links } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'
import { LinkNotFoundError } from '../errors.js'
import type { Merchant } from './merchant.js'

/**
 * One of this merchant's links, for a change the merchant asked for. Another merchant's link
 * answers 404 like a missing one: link ids are not confirmed to strangers. `lock` holds the row
 * until the caller's transaction ends, so concurrent changes of one link happen one after another.
 */
export async function readMerchantLink(
  db: Queryable,
  merchant: Merchant,
  linkId: string,
  { lock = false } = {},
): Promise<LinkRow> {
  const query = db
    .select()
    .from(links)
    .where(and(eq(links.id, linkId), eq(links.merchant, merchant.id)))
  const [link] = lock ? await query.for('update') : await query
  if (!link) throw new LinkNotFoundError(linkId, { ofMerchant: true })
  return link
}
