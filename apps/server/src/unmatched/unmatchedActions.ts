import type { UnmatchedPayment } from '@paylink/shared'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { linkOptions, links, paymentCredits, payments, unmatchedPayments } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { ConflictError, LinkNotFoundError, NotFoundError } from '../errors.js'
import { refreshLink } from '../links/refreshLink.js'
import type { Merchant } from '../merchants/merchant.js'
import { toUnmatchedView, type UnmatchedRow } from './unmatchedView.js'

/** No unmatched payment of that id among the merchant's (another merchant's reads as missing). */
export class UnmatchedNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('UNMATCHED_NOT_FOUND', `No unmatched payment ${id} of yours.`)
  }
}

/** The unmatched payment cannot be attached or marked refunded: the code says why, the message in plain words. */
export class UnmatchedConflictError extends ConflictError {}

/** The merchant's unmatched payments, newest first (at most 500), with the link each attached one counts for. */
export async function listUnmatched(db: Db, merchant: Merchant): Promise<UnmatchedPayment[]> {
  const rows = await db
    .select({ row: unmatchedPayments, attachedLinkId: payments.linkId })
    .from(unmatchedPayments)
    .leftJoin(payments, eq(payments.id, unmatchedPayments.attachedPaymentId))
    .where(eq(unmatchedPayments.merchant, merchant.id))
    .orderBy(desc(unmatchedPayments.createdAt), desc(unmatchedPayments.id))
    .limit(500)
  return rows.map(({ row, attachedLinkId }) => toUnmatchedView(row, attachedLinkId))
}

async function lockOwn(tx: Tx, merchant: Merchant, id: string): Promise<UnmatchedRow> {
  const [row] = await tx.select().from(unmatchedPayments).where(eq(unmatchedPayments.id, id)).for('update')
  if (!row || row.merchant !== merchant.id) throw new UnmatchedNotFoundError(id)
  if (row.status === 'attached')
    throw new UnmatchedConflictError('UNMATCHED_ALREADY_ATTACHED', 'This payment is already attached to a link.')
  if (row.status === 'refunded')
    throw new UnmatchedConflictError('UNMATCHED_ALREADY_REFUNDED', 'This payment is already marked refunded.')
  return row
}

/**
 * Attaches an unmatched payment to one of the merchant's links: it becomes a confirmed payment of
 * the link's option in the same network and asset, and counts by the usual rules (the link may turn
 * Paid, with its events). The transfer's `payment_credits` row is taken here, so it counts once: a
 * second attach, or a payment that already holds it, is refused.
 */
export async function attachUnmatched(
  db: Db,
  merchant: Merchant,
  id: string,
  linkId: string,
  now = new Date(),
): Promise<{ unmatched: UnmatchedPayment; linkId: string }> {
  return db.transaction(async (tx) => {
    // Lock order everywhere: link, then payment.
    const [link] = await tx.select().from(links).where(eq(links.id, linkId)).for('no key update')
    if (!link || link.merchant !== merchant.id) throw new LinkNotFoundError(linkId, { ofMerchant: true })
    const row = await lockOwn(tx, merchant, id)
    const options = await tx
      .select()
      .from(linkOptions)
      .where(and(eq(linkOptions.linkId, linkId), eq(linkOptions.caipNetworkId, row.caipNetworkId)))
    const option = options.find((o) => o.assetId === row.assetId)
    if (!option)
      throw new UnmatchedConflictError(
        'UNMATCHED_ASSET_MISMATCH',
        `That link takes no ${row.symbol} on this payment's network, so the payment cannot count there.`,
      )
    if (row.reason === 'no_link' && option.recipient !== row.address)
      throw new UnmatchedConflictError(
        'UNMATCHED_RECIPIENT_MISMATCH',
        "The payment reached another address than this link's receiving address, so it cannot count there.",
      )
    const paymentId = newId('pay')
    const [payment] = await tx
      .insert(payments)
      .values({
        id: paymentId,
        linkId,
        caipNetworkId: row.caipNetworkId,
        txHash: row.txHash,
        status: 'confirmed',
        optionId: option.id,
        logIndex: row.logIndex,
        amount: row.amount,
        payer: row.sender,
        blockNumber: row.blockNumber,
        confirmations: 1,
        requiredConfirmations: 1,
        late: link.expiresAt !== null && row.minedAt !== null && row.minedAt > link.expiresAt,
        minedAt: row.minedAt,
        // Already final when recorded: not followed for reorgs again.
        watchUntilBlock: row.blockNumber,
        createdAt: now,
        updatedAt: now,
        detectedAt: now,
        confirmedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id })
    if (!payment)
      throw new UnmatchedConflictError(
        'UNMATCHED_TX_ON_LINK',
        'This transaction is already recorded on that link, so it cannot be attached there again.',
      )
    const [credit] = await tx
      .insert(paymentCredits)
      .values({ caipNetworkId: row.caipNetworkId, txHash: row.txHash, logIndex: row.logIndex, paymentId })
      .onConflictDoNothing()
      .returning({ paymentId: paymentCredits.paymentId })
    if (!credit)
      throw new UnmatchedConflictError('UNMATCHED_ALREADY_COUNTED', 'This transfer already counts for a payment.')
    const [updated] = await tx
      .update(unmatchedPayments)
      .set({ status: 'attached', attachedPaymentId: paymentId, resolvedAt: now })
      .where(eq(unmatchedPayments.id, id))
      .returning()
    await refreshLink(tx, linkId, now, (view) => [
      { type: 'payment.confirmed', payment: view.payments.find((p) => p.id === paymentId) ?? null },
    ])
    return { unmatched: toUnmatchedView(updated!, linkId), linkId }
  })
}

/** Marks an unmatched payment refunded (the merchant sent it back), with the refund's transaction id if given. */
export async function markUnmatchedRefunded(
  db: Db,
  merchant: Merchant,
  id: string,
  refundTxHash: string | undefined,
  now = new Date(),
): Promise<UnmatchedPayment> {
  return db.transaction(async (tx) => {
    await lockOwn(tx, merchant, id)
    const [updated] = await tx
      .update(unmatchedPayments)
      .set({ status: 'refunded', refundTxHash: refundTxHash ?? null, resolvedAt: now })
      .where(eq(unmatchedPayments.id, id))
      .returning()
    return toUnmatchedView(updated!, null)
  })
}
