import { transactionIdSchemas, type CreateRefundBody, type Payment, type Refund } from '@paylink/shared'
import { and, eq, sql } from 'drizzle-orm'
import { chainFamilyOf, normalizeTransactionId } from '@paylink/chains/server'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links, payments, refunds } from '../db/schema.js'
import { RequestValidationError, UnavailableError } from '../errors.js'
import { refreshLink } from '../links/refreshLink.js'
import { toRefundView } from '../links/linkViews.js'
import { getPayment } from '../links/readLinks.js'
import type { Merchant } from '../merchants/merchant.js'
import { checkRefundFinding } from './checkRefundFinding.js'
import { readForRefund, type RefundCheckParameters } from './readForRefund.js'
import { PaymentNotFoundError, RefundConflictError, RefundRefusedError } from './refundErrors.js'

export interface RecordRefundParameters extends RefundCheckParameters {
  merchant: Merchant
  body: CreateRefundBody
}

export interface RecordRefundReturnType {
  refund: Refund
  /** The payment as its link's view shows it now, refunds included. */
  payment: Payment
  /** false: this transaction was already recorded as a refund of this payment (nothing changed). */
  created: boolean
}

/** The expected transfer's id in the family's match: any name works, one option is asked for. */
const refundOptionId = 'refund'

/**
 * Records a refund the merchant's own wallet sent, after reading it on chain: the transaction must
 * be mined and must move the payment's asset from the option's recipient (the merchant's wallet)
 * to the address that paid (EVM, Solana: the payment's sender; Bitcoin: the address the merchant
 * gives, else the one the payer gave on the refund page, see giveRefundAddress), and all refunds together stay within what the payment brought. Then, in one transaction
 * under the link's lock, it writes the refund, bumps the link's version (checkout and dashboard
 * hear of it) and queues `payment.refunded`. Nothing is written when a check fails.
 *
 * Bitcoin: the sender is not checked. A merchant's Bitcoin option is a watch-only key whose
 * wallet spends from many derived addresses, so no one address identifies it; the recipient,
 * asset and amount are checked as elsewhere.
 */
export async function recordRefund(
  db: Db,
  { merchant, paymentId, body, readerOf, now = () => new Date() }: RecordRefundParameters,
): Promise<RecordRefundReturnType> {
  const [row] = await db
    .select({ payment: payments, option: linkOptions, merchant: links.merchant })
    .from(payments)
    .innerJoin(links, eq(links.id, payments.linkId))
    .leftJoin(linkOptions, eq(linkOptions.id, payments.optionId))
    .where(eq(payments.id, paymentId))
  if (!row || row.merchant !== merchant.id) throw new PaymentNotFoundError(paymentId)
  const { payment, option } = row
  if (payment.status !== 'confirmed' || !option || payment.amount === null || !payment.payer) {
    throw new RefundConflictError(
      'PAYMENT_NOT_REFUNDABLE',
      `Only a confirmed payment can be refunded; this one is ${payment.status}.`,
    )
  }
  const namespace = payment.caipNetworkId.split(':')[0]!
  const idSchema = transactionIdSchemas[namespace]
  const idCheck = idSchema?.safeParse(body.txHash)
  if (!idCheck?.success)
    throw new RequestValidationError(
      `body.txHash: ${idCheck?.error.issues[0]?.message ?? 'is not a transaction id of this network'}`,
    )
  const txHash = normalizeTransactionId(payment.caipNetworkId, body.txHash)

  // On Bitcoin the address the payer gave (signed) stands when the merchant names none.
  const rules = chainFamilyOf(payment.caipNetworkId)?.refunds
  if (!rules) throw new UnavailableError('CHAIN_UNAVAILABLE', `This server does not read ${payment.caipNetworkId}.`)
  const recipient = rules.recipient(payment.payer, body.refundAddress ?? payment.refundAddress ?? undefined)
  if (recipient === null)
    throw new RefundRefusedError(
      'REFUND_ADDRESS_NOT_ALLOWED',
      'On this network a refund goes back to the address that paid: leave refundAddress out.',
    )
  const sender = rules.sender(option.recipient)

  const [already] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.caipNetworkId, payment.caipNetworkId), eq(refunds.txHash, txHash)))
  if (already) {
    if (already.paymentId !== payment.id)
      throw new RefundConflictError(
        'REFUND_TX_ALREADY_USED',
        'This transaction is already recorded as the refund of another payment.',
      )
    return { refund: toRefundView(already, option), payment: (await getPayment(db, payment.id))!, created: false }
  }

  const reader = readerOf(payment.caipNetworkId)
  const {
    findings: [finding],
  } = await readForRefund(
    payment.caipNetworkId,
    reader
      ? () =>
          reader.readEvidence([
            { transactionId: txHash, options: [{ id: refundOptionId, tokenAddress: option.tokenAddress, recipient }] },
          ])
      : null,
  )

  if (!finding)
    throw new UnavailableError(
      'CHAIN_UNAVAILABLE',
      `${payment.caipNetworkId} gave no answer about this transaction: try again in a moment.`,
    )
  const read = finding
  const at = now()
  return db.transaction(async (tx) => {
    // The link's lock (as every change of its payments takes): two refunds of one payment are checked one after the other.
    await tx.select({ id: links.id }).from(links).where(eq(links.id, payment.linkId)).for('no key update')
    const [before] = await tx
      .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id))
    const { credits } = checkRefundFinding({
      finding: read,
      sender,
      paid: BigInt(payment.amount!),
      refundedBefore: BigInt(before!.total),
    })
    const id = newId('rfd')
    const inserted = await tx
      .insert(refunds)
      .values(
        credits.map((credit, i) => ({
          caipNetworkId: payment.caipNetworkId,
          txHash,
          logIndex: credit.logIndex,
          // One id per transfer row; the first is the refund's id in the API when a transaction holds several.
          id: i === 0 ? id : newId('rfd'),
          paymentId: payment.id,
          linkId: payment.linkId,
          amount: credit.amount.toString(),
          sender: credit.payer,
          recipient,
          blockNumber: read.inclusion!.blockNumber,
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning()
    // Another request recorded the same transaction between the read above and this lock.
    if (inserted.length !== credits.length)
      throw new RefundConflictError('REFUND_TX_ALREADY_USED', 'This transaction was recorded as a refund meanwhile.')
    const refreshed = await refreshLink(tx, payment.linkId, at, (view) => [
      { type: 'payment.refunded', payment: view.payments.find((p) => p.id === payment.id) ?? null },
    ])
    const view = refreshed!.view.payments.find((p) => p.id === payment.id)!
    return { refund: view.refunds.find((r) => r.id === id)!, payment: view, created: true }
  })
}
