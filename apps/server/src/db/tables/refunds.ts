import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, networkColumn, txHashColumn, amountColumn, parentIdColumn } from './columns'
import { linkIdColumn } from './links'
import { payments } from './payments'

/**
 * Money a merchant sent back to a payer from its own wallet (Paylink never holds it). A row is
 * written only once the server has read the transfer on chain and checked it (sender, recipient,
 * asset, amount): see refunds/recordRefund.ts. The primary key is "one on-chain transfer refunds
 * at most one payment, ever", so the same transaction cannot be counted twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    caipNetworkId: networkColumn(),
    /** In the network's own form (EVM lowercase). */
    txHash: txHashColumn(),
    /** -1 for a native transfer, else the Transfer log's (or Solana instruction's) index. */
    logIndex: integer('log_index').notNull(),
    id: text('id').notNull().unique('refunds_id_uq'),
    paymentId: parentIdColumn('payment_id', () => payments.id),
    linkId: linkIdColumn(),
    /** Atomic units of the payment's asset. */
    amount: amountColumn().notNull(),
    /** Who sent it (the option's recipient: the merchant's wallet). */
    sender: text('sender').notNull(),
    /** Who got it (the payment's payer, or on Bitcoin the address the merchant typed). */
    recipient: text('recipient').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.caipNetworkId, t.txHash, t.logIndex] }),
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
  ],
)
