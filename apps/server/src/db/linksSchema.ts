import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A merchant is `namespace:address` (e.g. `eip155:0xAbC…` checksummed): the account that
 * signed in or owns the API key, independent of the chain id it signed in on.
 */

/** API keys: only the SHA-256 (hex) of the token is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    merchant: text('merchant').notNull(),
    merchantAddress: text('merchant_address').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_token_hash_uq').on(t.tokenHash), index('api_keys_merchant_idx').on(t.merchant)],
)

export const links = pgTable(
  'links',
  {
    id: text('id').primaryKey(),
    merchant: text('merchant').notNull(),
    merchantAddress: text('merchant_address').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    /** open | partially_paid | paid | expired; changed only with the row locked. */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    webhookUrl: text('webhook_url'),
    /** Signs this link's webhooks; must be readable to sign, so it is stored as is. */
    webhookSecret: text('webhook_secret'),
    /** Bumped with every change of the link or its payments: server-sent events poll it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('links_merchant_idx').on(t.merchant, t.createdAt),
    index('links_expiry_idx').on(t.expiresAt).where(sql`status in ('open', 'partially_paid')`),
  ],
)

export const linkOptions = pgTable(
  'link_options',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    assetId: text('asset_id').notNull(),
    caipNetworkId: text('caip_network_id').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    /** Lowercase token contract; null for the native coin. */
    tokenAddress: text('token_address'),
    /** Atomic units. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    recipient: text('recipient').notNull(),
  },
  (t) => [uniqueIndex('link_options_position_uq').on(t.linkId, t.position)],
)

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    caipNetworkId: text('caip_network_id').notNull(),
    /** Lowercase. */
    txHash: text('tx_hash').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    optionId: text('option_id').references(() => linkOptions.id),
    /** -1 for a native transfer, else the Transfer log's index; null until credited. */
    logIndex: integer('log_index'),
    amount: numeric('amount', { precision: 78, scale: 0 }),
    payer: text('payer'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    late: boolean('late').notNull().default(false),
    /** Confirmed payments stay watched for reorgs until the head passes this block. */
    watchUntilBlock: bigint('watch_until_block', { mode: 'bigint' }),
    /** Since when the transaction has not been seen on chain (pending only). */
    missingSince: timestamp('missing_since', { withTimezone: true }),
    /** A tracker's claim: set with the lease, checked when writing the result. */
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    detectedAt: timestamp('detected_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // One submission per (link, network, tx): concurrent posts of one hash make one payment.
    uniqueIndex('payments_submission_uq').on(t.linkId, t.caipNetworkId, t.txHash),
    index('payments_link_idx').on(t.linkId, t.createdAt),
    index('payments_tracking_idx').on(t.caipNetworkId, t.status),
  ],
)

/**
 * The on-chain transfer a payment was credited with. The primary key is the rule "one
 * (network, transaction, log) credits at most one payment, ever": rows are never deleted.
 */
export const paymentCredits = pgTable(
  'payment_credits',
  {
    caipNetworkId: text('caip_network_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.caipNetworkId, t.txHash, t.logIndex] }), uniqueIndex('payment_credits_payment_uq').on(t.paymentId)],
)

/**
 * The webhook outbox: one row per event for a link with a webhook URL, written in the
 * transaction that made the change; the delivery worker sends it until it succeeds.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    /** The event's stable id (in the body): the same on every attempt and redelivery. */
    eventId: text('event_id').notNull(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    url: text('url').notNull(),
    /** The exact JSON sent (and signed). */
    body: text('body').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** Retries stop after this (at least 24 h after the event). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_link_idx').on(t.linkId, t.createdAt),
  ],
)
