import { sql } from 'drizzle-orm'
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

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
    /** The secret a rotation replaced: deliveries are signed with both until it expires (24 h). */
    webhookPreviousSecret: text('webhook_previous_secret'),
    webhookPreviousSecretExpiresAt: timestamp('webhook_previous_secret_expires_at', { withTimezone: true }),
    /** Where the checkout sends the payer after Paid (http(s)); null: the receipt stays. */
    successUrl: text('success_url'),
    /** Bumped with every change of the link or its payments: server-sent events poll it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set while the merchant has switched the link off: no new payments are looked for or offered. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    index('links_merchant_idx').on(t.merchant, t.createdAt),
    index('links_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status in ('open', 'partially_paid')`),
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
    /** The option's own receiving address (EVM forwarder, Bitcoin derived address), where one is made. */
    depositAddress: text('deposit_address'),
    /** The Solana Pay reference key (base58) unique to this option, on Solana. */
    reference: text('reference'),
  },
  (t) => [
    uniqueIndex('link_options_position_uq').on(t.linkId, t.position),
    // A deposit address or reference names one option, ever: a payment to it is never ambiguous.
    uniqueIndex('link_options_deposit_uq').on(t.caipNetworkId, t.depositAddress),
    uniqueIndex('link_options_reference_uq').on(t.reference),
  ],
)
