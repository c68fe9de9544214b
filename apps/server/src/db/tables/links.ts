import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { OrderForm, PayerDetails } from '@paylink/shared'
import {
  timestamptz,
  createdAt,
  idColumn,
  networkColumn,
  amountColumn,
  parentIdColumn,
  merchantColumns,
} from './columns'

export const links = pgTable(
  'links',
  {
    id: idColumn(),
    ...merchantColumns(),
    title: text('title').notNull(),
    description: text('description'),
    /** open | partially_paid | paid | expired; changed only with the row locked. */
    status: text('status').notNull().default('open'),
    expiresAt: timestamptz('expires_at'),
    webhookUrl: text('webhook_url'),
    /** Signs this link's webhooks; must be readable to sign, so it is stored as is. */
    webhookSecret: text('webhook_secret'),
    /** The secret a rotation replaced: deliveries are signed with both until it expires (24 h). */
    webhookPreviousSecret: text('webhook_previous_secret'),
    webhookPreviousSecretExpiresAt: timestamptz('webhook_previous_secret_expires_at'),
    /** Where the checkout sends the payer after Paid (http(s)); null: the receipt stays. */
    successUrl: text('success_url'),
    /** False: the checkout offers no emailed receipt and the server sends none for this link. */
    receiptEmail: boolean('receipt_email').notNull().default(true),
    /** ISO 4217 code of a fiat price (options are then quoted, see link_quotes); null: priced per option. */
    priceCurrency: text('price_currency'),
    /** The fiat price as a decimal string with the currency's digits ("12.00"). */
    priceAmount: text('price_amount'),
    /** Decimal string 0 to 10: a payment short by at most this share still pays the link. */
    underpaymentTolerancePercent: text('underpayment_tolerance_percent').notNull().default('0'),
    /** Payments mined at most this long after expiry count toward the status. */
    latePaymentGraceSeconds: integer('late_payment_grace_seconds').notNull().default(0),
    /** Bumped with every change of the link or its payments: server-sent events poll it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
    /** When the merchant's server first accepted this link's link.paid webhook (2xx); the checkout says "notified" only then. */
    merchantNotifiedAt: timestamptz('merchant_notified_at'),
    /** Set while the merchant has switched the link off: no new payments are looked for or offered. */
    deactivatedAt: timestamptz('deactivated_at'),
    /**
     * A link many payers buy from: it is never paid itself, each payer's checkout makes an order
     * (a link row of its own, `orderOf` this one) with its own receiving details, quote and status.
     */
    reusable: boolean('reusable').notNull().default(false),
    /** On an order: the reusable link it was made from; null on every other link. */
    orderOf: text('order_of').references((): AnyPgColumn => links.id, { onDelete: 'cascade' }),
    /** On a reusable link: the most orders paid or still open at once (stock); null: no limit. */
    maxOrders: integer('max_orders'),
    /** On a reusable link: what its checkout asks the payer (quantity range, payer fields, donation). */
    orderForm: jsonb('order_form').$type<OrderForm>(),
    /** On an order: how many of the link's item it buys (its amounts are the link's times this). */
    quantity: integer('quantity'),
    /** On an order: what the payer filled in of the fields the link asks for. */
    payerDetails: jsonb('payer_details').$type<PayerDetails>(),
    /** The subscription this link pays a period of (subscriptions/); null for every other link. */
    subscriptionId: text('subscription_id'),
  },
  (t) => [
    index('links_merchant_idx').on(t.merchant, t.createdAt),
    index('links_order_of_idx')
      .on(t.orderOf, t.createdAt)
      .where(sql`order_of is not null`),
    index('links_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status in ('open', 'partially_paid')`),
  ],
)

/** `link_id text not null`, referencing the link and deleted with it: a row that belongs to one link. */
export const linkIdColumn = () => parentIdColumn('link_id', () => links.id)

export const linkOptions = pgTable(
  'link_options',
  {
    id: idColumn(),
    linkId: linkIdColumn(),
    position: integer('position').notNull(),
    assetId: text('asset_id').notNull(),
    caipNetworkId: networkColumn(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    /** Lowercase token contract; null for the native coin. */
    tokenAddress: text('token_address'),
    /** Atomic units; null on a fiat-priced link (each quote carries the amount). */
    amount: amountColumn(),
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

/**
 * A fiat-priced option's locked quote: made when a payer opens the checkout and no quote is live,
 * kept for good (a payment first seen inside a quote's window is judged against it, whenever it
 * confirms). A row with a null rate records that no quote could be made (`problem`) until its
 * expiry, so a busy checkout does not ask the rate sources on every read.
 */
export const linkQuotes = pgTable(
  'link_quotes',
  {
    id: idColumn(),
    linkId: linkIdColumn(),
    optionId: parentIdColumn('option_id', () => linkOptions.id),
    /** Fiat per whole asset unit, scaled by 10^18. */
    rate: numeric('rate', { precision: 78, scale: 0 }),
    rateSource: text('rate_source'),
    /** Atomic units that pay the whole price at this rate (rounded up). */
    amount: amountColumn(),
    problem: text('problem'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('link_quotes_option_idx').on(t.optionId, t.createdAt)],
)

/**
 * Receipts a payer asked to get by email (only when SMTP_URL is set): sent once the link is
 * paid (at once if it already is). The address is erased once the mail is sent.
 */
export const receiptEmails = pgTable(
  'receipt_emails',
  {
    id: idColumn(),
    linkId: linkIdColumn(),
    /** Null once sent: an address is kept only as long as it is needed. */
    email: text('email'),
    /**
     * SHA-256 of the link id and the address (lowercase): kept after the address is erased, so the
     * link's recipients can be counted (at most 3, ever) and the same address asked again is known.
     */
    emailHash: text('email_hash'),
    /** The payer's language when asking (a PayerLanguage tag); null (rows from before) is English. */
    language: text('language'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A process sending this receipt holds it until then (so another one does not send it too). */
    leaseUntil: timestamptz('lease_until'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('receipt_emails_unsent_idx')
      .on(t.linkId)
      .where(sql`sent_at is null`),
  ],
)
