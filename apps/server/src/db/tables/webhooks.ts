import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamptz, createdAt, idColumn, merchantColumn } from './columns'
import { linkIdColumn, links } from './links'

/**
 * The webhook outbox: one row per event for a link with a webhook URL, written in the
 * transaction that made the change; the delivery worker sends it until it succeeds.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    /** The event's stable id (in the body): the same on every attempt and redelivery. */
    eventId: text('event_id').notNull(),
    linkId: linkIdColumn(),
    type: text('type').notNull(),
    url: text('url').notNull(),
    /** The exact JSON sent (and signed). */
    body: text('body').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').defaultNow(),
    /** Retries stop after this (at least 24 h after the event). */
    giveUpAt: timestamptz('give_up_at').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    leaseToken: text('lease_token'),
    leaseUntil: timestamptz('lease_until'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_link_idx').on(t.linkId, t.createdAt),
  ],
)

/**
 * Every webhook event of every link, with or without a webhook URL: what `GET /api/events`
 * pages through. Ordered by (`txId`, `seq`): a reader only returns events of transactions older
 * than every transaction still running (`pg_snapshot_xmin`), so an event committed later always
 * sorts after the ones already returned and a cursor never skips one.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `evt_…`: the id in the body and the deliveries' `event_id`. */
    id: idColumn(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    /** The writing transaction's id (pg_current_xact_id, 64-bit, never wraps). */
    txId: bigint('tx_id', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    merchant: merchantColumn(),
    /** Null for an event of no link (`payment.unmatched` of a transfer to the merchant's own address). */
    linkId: text('link_id').references(() => links.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The exact JSON of the event, as sent to the webhook URL. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_feed_idx').on(t.merchant, t.txId, t.seq)],
)
