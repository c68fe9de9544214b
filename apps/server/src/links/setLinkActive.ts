import type { MerchantLink } from '@paylink/shared'
import { eq, sql } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { LimitError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { readMerchantLink } from '../merchants/readMerchantLink.js'
import { countOpenLinks } from './countOpenLinks.js'
import { toLinkViewOf } from './linkViews.js'
import { loadLinkRows } from './loadLinkRows.js'
import { lockUntilCommit } from '../db/transaction.js'

export interface SetLinkActiveParameters {
  merchant: Merchant
  linkId: string
  /** false: the link stops taking payments; true: it takes them again. */
  active: boolean
  /** Reactivating counts against the open-links cap, as creating does. */
  maxOpenLinks: number
  now?: Date
}

/**
 * Switches a link off or on. Off, the checkout offers no way to pay and the tracker stops
 * looking for new payments to its deposit addresses and references; payments already recorded
 * (sent before) are still followed to confirmation and still count. The version is bumped, so
 * open checkouts and dashboards hear of it at once. Doing it twice changes nothing more.
 */
export async function setLinkActive(
  db: Db,
  { merchant, linkId, active, maxOpenLinks, now = new Date() }: SetLinkActiveParameters,
): Promise<MerchantLink> {
  return db.transaction(async (tx) => {
    // The same lock as creation: a reactivation and a creation cannot both pass the cap.
    await lockUntilCommit(tx, `links:${merchant.id}`)
    const link = await readMerchantLink(tx, merchant, linkId, { lock: true })
    if (active && link.deactivatedAt) {
      const open = await countOpenLinks(tx, merchant.id, now)
      if (open >= maxOpenLinks) {
        throw new LimitError(
          'TOO_MANY_OPEN_LINKS',
          `You have ${open} open links, the most this instance allows (${maxOpenLinks}); deactivate one first.`,
        )
      }
    }
    const deactivatedAt = active ? null : (link.deactivatedAt ?? now)
    if (deactivatedAt?.getTime() !== link.deactivatedAt?.getTime()) {
      await tx
        .update(links)
        .set({ deactivatedAt, version: sql`${links.version} + 1` })
        .where(eq(links.id, linkId))
    }
    const rows = (await loadLinkRows(tx, linkId))!
    return {
      ...toLinkViewOf(rows, now),
      webhookUrl: rows.link.webhookUrl,
    }
  })
}
