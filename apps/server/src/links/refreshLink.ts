import type { Link } from '@paylink/shared'
import { eq, sql } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { enqueueWebhookEvents, type PendingWebhookEvent } from '../webhooks/enqueueWebhookEvents.js'
import { assessLink } from './linkStatus.js'
import { toLinkView } from './linkViews.js'
import { loadLinkRows } from './loadLinkRows.js'

export interface RefreshLinkReturnType {
  view: Link
  statusChanged: boolean
}

/**
 * After a change to a link's payments (or its clock), inside the same transaction: lock the
 * link, recompute its status from the confirmed payments, bump its version, and write the
 * webhook events (the caller's payment events, then link.paid / link.underpaid / link.expired when the status
 * became that) to the outbox.
 */
export async function refreshLink(
  tx: Tx,
  linkId: string,
  now: Date,
  paymentEvents: (view: Link) => PendingWebhookEvent[] = () => [],
): Promise<RefreshLinkReturnType | null> {
  const rows = await loadLinkRows(tx, linkId, { lock: true })
  if (!rows) return null
  const { link, options, payments, quotes, merchant, refunds, ordersHeld } = rows
  const { status } = assessLink(link, options, payments, quotes, now)
  const statusChanged = status !== link.status
  const paidAt = status === 'paid' ? (link.paidAt ?? now) : null
  const [updated] = await tx
    .update(links)
    .set({ status, paidAt, version: sql`${links.version} + 1` })
    .where(eq(links.id, linkId))
    .returning()
  const view = toLinkView(updated!, options, payments, quotes, now, merchant, refunds, ordersHeld)

  const events = paymentEvents(view)
  // An order's merchant hears `order.paid` (carrying the order and its reusable link), never `link.paid`.
  if (statusChanged && status === 'paid')
    events.push({ type: link.orderOf ? 'order.paid' : 'link.paid', payment: null })
  if (statusChanged && status === 'partially_paid') events.push({ type: 'link.underpaid', payment: null })
  if (statusChanged && status === 'expired') events.push({ type: 'link.expired', payment: null })
  await enqueueWebhookEvents(tx, link, view, events, now)
  return { view, statusChanged }
}
