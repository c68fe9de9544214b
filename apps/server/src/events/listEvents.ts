import { defaultEventFeedLimit, type WebhookEventType } from '@paylink/shared'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { links, webhookEvents } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { Merchant } from '../merchants/merchant.js'
import { decodeEventCursor, encodeEventCursor } from './eventCursor.js'

export interface ListEventsParameters {
  merchant: Merchant
  /** A cursor from an earlier answer; omitted: from the first event. */
  after?: string | undefined
  limit?: number | undefined
  /** Only events of this type. */
  type?: WebhookEventType | undefined
  /** Only events of this link and of its orders (a reusable link's `order.paid` are its orders'). */
  linkId?: string | undefined
}

export interface ListEventsReturnType {
  /** Each event's exact JSON, as its webhook delivery carries it, oldest first. */
  bodies: string[]
  nextCursor: string | null
  hasMore: boolean
}

/**
 * A page of the merchant's events in the order they happened. Sequence numbers are handed out
 * before commit, so a transaction still running may yet commit an event numbered below one
 * already visible; the page therefore stops at the oldest transaction still running
 * (`pg_snapshot_xmin`), and events are ordered by their transaction's id first. Every event
 * committed after a read sorts after what that read returned: paging never skips or repeats one.
 * The cost: an event shows up once the transactions older than its own have ended (milliseconds
 * here, as every transaction of ours is short). A filter (type, link) only narrows the page: its
 * cursor is a position in the same order, so paging a filtered feed never skips one either.
 */
export async function listEvents(
  db: Db,
  { merchant, after, limit = defaultEventFeedLimit, type, linkId }: ListEventsParameters,
): Promise<ListEventsReturnType> {
  const position = after === undefined ? null : decodeEventCursor(after)
  const rows = await db
    .select({ body: webhookEvents.body, txId: webhookEvents.txId, seq: webhookEvents.seq })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.merchant, merchant.id),
        sql`${webhookEvents.txId} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`,
        type ? eq(webhookEvents.type, type) : undefined,
        linkId
          ? or(
              eq(webhookEvents.linkId, linkId),
              inArray(webhookEvents.linkId, db.select({ id: links.id }).from(links).where(eq(links.orderOf, linkId))),
            )
          : undefined,
        position
          ? sql`(${webhookEvents.txId}, ${webhookEvents.seq}) > (${position.txId.toString()}::bigint, ${position.seq.toString()}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(webhookEvents.txId), asc(webhookEvents.seq))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    bodies: page.map((row) => row.body),
    nextCursor: last ? encodeEventCursor(last) : (after ?? null),
    hasMore: rows.length > limit,
  }
}
