import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  timestamptz,
  createdAt,
  updatedAt,
  idColumn,
  networkColumn,
  txHashColumn,
  amountColumn,
  parentIdColumn,
} from './columns'
import { linkIdColumn, linkOptions } from './links'

export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    linkId: linkIdColumn(),
    caipNetworkId: networkColumn(),
    /** Lowercase. */
    txHash: txHashColumn(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    optionId: text('option_id').references(() => linkOptions.id),
    /** -1 for a native transfer, else the Transfer log's index; null until credited. */
    logIndex: integer('log_index'),
    amount: amountColumn(),
    payer: text('payer'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    late: boolean('late').notNull().default(false),
    /** The block's time: whether a late payment is within its link's grace window, and which quote it was made under. */
    minedAt: timestamptz('mined_at'),
    /** Confirmed payments stay watched for reorgs until the head passes this block. */
    watchUntilBlock: bigint('watch_until_block', { mode: 'bigint' }),
    /** Since when the transaction has not been seen on chain (pending only). */
    missingSince: timestamptz('missing_since'),
    /** A tracker's claim: set with the lease, checked when writing the result. */
    leaseToken: text('lease_token'),
    leaseUntil: timestamptz('lease_until'),
    /**
     * Bitcoin: the refund address the payer gave on the refund page (bech32, lowercase), the input
     * address that signed the statement, the statement and its BIP-322 signature (kept as the
     * merchant's evidence), and when. All null until given; a later signed statement replaces them.
     */
    refundAddress: text('refund_address'),
    refundAddressSigner: text('refund_address_signer'),
    refundAddressMessage: text('refund_address_message'),
    refundAddressSignature: text('refund_address_signature'),
    refundAddressGivenAt: timestamptz('refund_address_given_at'),
    /** The signed statement's "Issued at": a later statement must be newer (null: given before statements carried one). */
    refundAddressIssuedAt: timestamptz('refund_address_issued_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    detectedAt: timestamptz('detected_at'),
    confirmedAt: timestamptz('confirmed_at'),
  },
  (t) => [
    // One submission per (link, network, tx): concurrent posts of one hash make one payment.
    uniqueIndex('payments_submission_uq').on(t.linkId, t.caipNetworkId, t.txHash),
    index('payments_link_idx').on(t.linkId, t.createdAt),
    index('payments_tracking_idx').on(t.caipNetworkId, t.status),
    // The merchant's payments list: newest first by (created_at, id), and its search by a whole
    // transaction id or payer address in any case.
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_tx_hash_lower_idx').on(sql`lower(${t.txHash})`),
    index('payments_payer_lower_idx').on(sql`lower(${t.payer})`),
  ],
)

/**
 * The on-chain transfer a payment was credited with. The primary key is the rule "one
 * (network, transaction, log) credits at most one payment, ever": rows are never deleted.
 */
export const paymentCredits = pgTable(
  'payment_credits',
  {
    caipNetworkId: networkColumn(),
    txHash: txHashColumn(),
    logIndex: integer('log_index').notNull(),
    paymentId: parentIdColumn('payment_id', () => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.caipNetworkId, t.txHash, t.logIndex] }),
    uniqueIndex('payment_credits_payment_uq').on(t.paymentId),
  ],
)
