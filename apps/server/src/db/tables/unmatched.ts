import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamptz, createdAt, idColumn, merchantColumn, networkColumn, txHashColumn, amountColumn } from './columns'
import { links } from './links'
import { payments } from './payments'

/**
 * A transfer that reached one of a merchant's receiving addresses (or an option's deposit address
 * or reference) but paid no open option: recorded so that no payment disappears. The unique key is
 * the same transfer identity as `payment_credits` (network, transaction, output or log index), so a
 * transfer is recorded once; attaching it inserts its `payment_credits` row, so it then counts once.
 */
export const unmatchedPayments = pgTable(
  'unmatched_payments',
  {
    id: idColumn(),
    merchant: merchantColumn(),
    caipNetworkId: networkColumn(),
    /** The asset as the checkout names it (CAIP-19). */
    assetId: text('asset_id').notNull(),
    /** The token's address or mint; null for the native coin. */
    tokenAddress: text('token_address'),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    /** Atomic units. */
    amount: amountColumn().notNull(),
    txHash: txHashColumn(),
    /** -1 for a native transfer, else the log's (output's) index: the same as `payment_credits.log_index`. */
    logIndex: integer('log_index').notNull(),
    sender: text('sender').notNull(),
    /** The address the transfer reached (the merchant's, or an option's deposit address). */
    address: text('address').notNull(),
    /** Why no option counted it: no_link | link_closed. */
    reason: text('reason').notNull(),
    /** The link whose option's address or reference it reached (paid, expired, deactivated), if any. */
    sourceLinkId: text('source_link_id').references(() => links.id, { onDelete: 'set null' }),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    minedAt: timestamptz('mined_at'),
    /** unmatched | attached | refunded */
    status: text('status').notNull().default('unmatched'),
    attachedPaymentId: text('attached_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    refundTxHash: text('refund_tx_hash'),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unmatched_payments_transfer_uq').on(t.caipNetworkId, t.txHash, t.logIndex),
    index('unmatched_payments_merchant_idx').on(t.merchant, t.createdAt),
  ],
)
