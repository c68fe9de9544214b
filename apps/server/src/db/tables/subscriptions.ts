import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamptz, createdAt, idColumn, merchantColumn, parentIdColumn, merchantColumns } from './columns'
import { links } from './links'

/** A merchant's recurring price: each period is paid like a link made from these fields. */
export const plans = pgTable(
  'plans',
  {
    id: idColumn(),
    ...merchantColumns(),
    name: text('name').notNull(),
    description: text('description'),
    /** ISO 4217 code of a fiat price; null: priced per option (in the asset). */
    priceCurrency: text('price_currency'),
    priceAmount: text('price_amount'),
    /** The link options each period's link gets: `{ asset, amount?, recipient? }[]`, as POST /api/links takes them. */
    options: jsonb('options').$type<Array<{ asset: string; amount?: string; recipient?: string }>>().notNull(),
    /** day | week | month | year */
    interval: text('interval').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    webhookUrl: text('webhook_url'),
    /** Every period link of the plan is signed with it, so the merchant verifies them all with one secret. */
    webhookSecret: text('webhook_secret'),
    createdAt: createdAt(),
    /** Set when the merchant disabled the plan: no new subscriptions; existing ones renew. */
    disabledAt: timestamptz('disabled_at'),
  },
  (t) => [index('plans_merchant_idx').on(t.merchant, t.createdAt)],
)

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    planId: parentIdColumn('plan_id', () => plans.id),
    merchant: merchantColumn(),
    /** incomplete | trialing | active | past_due | canceled; changed only with the row locked. */
    status: text('status').notNull(),
    email: text('email').notNull(),
    /** The payer's language (a payer language code): renewal e-mails are written in it; null: English. */
    language: text('language'),
    /** SHA-256 (hex) of the manage token the payer got: the token itself is never stored. */
    manageTokenHash: text('manage_token_hash').notNull(),
    /** pay_each_period | automatic */
    renewal: text('renewal').notNull(),
    /** Automatic renewal: the payer's wallet, the token's asset id and the contract's bytes32 id. */
    payerAddress: text('payer_address'),
    autoAssetId: text('auto_asset_id'),
    collectorId: text('collector_id'),
    /** Unix seconds: the first renewal the contract allows (the terms the payer signs). */
    firstCollectAt: integer('first_collect_at'),
    /** Periods paid so far; the next renewal is period number `paid_periods`. */
    paidPeriods: integer('paid_periods').notNull().default(0),
    currentPeriodStart: timestamptz('current_period_start'),
    /** When the next renewal is due (the end of the trial, or of the paid period); null before the first payment. */
    currentPeriodEnd: timestamptz('current_period_end'),
    /** The first period's link: subscription events are delivered through its webhook URL and secret (the plan's). */
    firstLinkId: text('first_link_id').references(() => links.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    canceledAt: timestamptz('canceled_at'),
  },
  (t) => [
    index('subscriptions_plan_idx').on(t.planId),
    index('subscriptions_merchant_idx').on(t.merchant, t.createdAt),
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`status in ('trialing', 'active')`),
  ],
)

/**
 * One row per period to pay, inserted before anything is done for it: the unique (subscription,
 * period) makes a second process (or a restart) find the row and not create a second link or pull.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: idColumn(),
    subscriptionId: parentIdColumn('subscription_id', () => subscriptions.id),
    period: integer('period').notNull(),
    /** When it was due (the scheduler's clock). */
    dueAt: timestamptz('due_at').notNull(),
    /** pull (the collector contract) | link */
    method: text('method').notNull(),
    /** pending | pulling | paid */
    status: text('status').notNull().default('pending'),
    linkId: text('link_id').references(() => links.id, { onDelete: 'set null' }),
    txHash: text('tx_hash'),
    /**
     * The pull, signed before it is sent and recorded with its hash: a process that finds a pull
     * under way (a crash between sending and recording) sends these same bytes again (same nonce),
     * so a renewal is never pulled twice.
     */
    pullTx: text('pull_tx'),
    /** A process working on this renewal holds it until then. */
    leaseUntil: timestamptz('lease_until'),
    /** Why the pull failed, when it fell back to a link. */
    pullError: text('pull_error'),
    pastDueAt: timestamptz('past_due_at'),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    uniqueIndex('subscription_renewals_period_uq').on(t.subscriptionId, t.period),
    index('subscription_renewals_open_idx')
      .on(t.status)
      .where(sql`status <> 'paid'`),
  ],
)

/**
 * The payer's e-mails about a renewal: one row per (renewal, kind), inserted with the step that
 * calls for it (the renewal link made, past_due), sent by the scheduler. Each e-mail carries a
 * manage token of its own, made when it is sent and kept here only as its hash: the payer's
 * manage link in any e-mail they got opens the subscription, and no raw token is ever stored.
 */
export const subscriptionEmails = pgTable(
  'subscription_emails',
  {
    id: idColumn(),
    subscriptionId: parentIdColumn('subscription_id', () => subscriptions.id),
    renewalId: parentIdColumn('renewal_id', () => subscriptionRenewals.id),
    /** renewal (a link to pay this period) | past_due */
    kind: text('kind').notNull(),
    /** SHA-256 (hex) of the manage token in this e-mail; null until it is sent. */
    manageTokenHash: text('manage_token_hash'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamptz('lease_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    uniqueIndex('subscription_emails_renewal_kind_uq').on(t.renewalId, t.kind),
    index('subscription_emails_token_idx').on(t.subscriptionId, t.manageTokenHash),
    index('subscription_emails_unsent_idx')
      .on(t.createdAt)
      .where(sql`sent_at is null`),
  ],
)
