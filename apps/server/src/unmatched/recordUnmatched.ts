import type { UnmatchedPayment, UnmatchedReason, WebhookEvent } from '@paylink/shared'
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { isTransfer } from '../db/transferKey.js'
import { paymentCredits, payments, unmatchedPayments } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { enqueueMerchantEvent } from '../webhooks/enqueueWebhookEvents.js'
import { toUnmatchedView } from './unmatchedView.js'

export interface UnmatchedTransfer {
  merchant: string
  caipNetworkId: string
  assetId: string
  tokenAddress: string | null
  symbol: string
  decimals: number
  /** Atomic units. */
  amount: bigint
  txHash: string
  logIndex: number
  sender: string
  address: string
  reason: UnmatchedReason
  sourceLinkId: string | null
  blockNumber: bigint | null
  minedAt: Date | null
}

/**
 * Records one transfer as unmatched, once: not when a payment already holds it (its credit) or a
 * link recorded its transaction (a checkout's submission the tracker has not credited yet: it
 * will be), and not twice (the unique transfer key). With it, in the same transaction, the
 * `payment.unmatched` event: always in the merchant's feed, and delivered to the webhook URL of
 * the closed link whose option it reached, when there is one. Returns the new row's id, or null.
 */
export async function recordUnmatched(db: Db, transfer: UnmatchedTransfer, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [credited] = await tx
      .select({ paymentId: paymentCredits.paymentId })
      .from(paymentCredits)
      .where(isTransfer(paymentCredits, transfer))
    if (credited) return null
    const [submitted] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.caipNetworkId, transfer.caipNetworkId),
          eq(payments.txHash, transfer.txHash),
          ne(payments.status, 'failed'),
        ),
      )
      .limit(1)
    if (submitted) return null
    const [row] = await tx
      .insert(unmatchedPayments)
      .values({ id: newId('unm'), ...transfer, amount: transfer.amount.toString(), createdAt: now })
      .onConflictDoNothing()
      .returning()
    if (!row) return null
    await enqueueUnmatchedEvent(tx, toUnmatchedView(row, null), row.merchant, row.sourceLinkId, now)
    return row.id
  })
}

async function enqueueUnmatchedEvent(
  tx: Tx,
  unmatchedPayment: UnmatchedPayment,
  merchant: string,
  sourceLinkId: string | null,
  now: Date,
): Promise<void> {
  const body: WebhookEvent = {
    id: newId('evt'),
    type: 'payment.unmatched',
    createdAt: now.toISOString(),
    data: { link: null, payment: null, unmatchedPayment },
  }
  await enqueueMerchantEvent(tx, merchant, body, sourceLinkId, sourceLinkId, now)
}
