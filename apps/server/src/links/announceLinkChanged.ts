import { eq, sql } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'

/**
 * "This link's view changed": call it in the transaction that changes something the public
 * view shows outside the link's payments (a quote on an option, say). It bumps `links.version`,
 * which is all any change needs: at commit the database notifies every Paylink process (the
 * `links` trigger, migration 0008), whose view caches drop the link and whose event streams
 * send the new version. Rolled back with the transaction, it announces nothing. Changes of
 * payments and status already bump the version (refreshLink, applyConfirmationCounts).
 * False when there is no such link.
 */
export async function announceLinkChanged(q: Queryable, linkId: string): Promise<boolean> {
  const bumped = await q
    .update(links)
    .set({ version: sql`${links.version} + 1` })
    .where(eq(links.id, linkId))
    .returning({ id: links.id })
  return bumped.length > 0
}
