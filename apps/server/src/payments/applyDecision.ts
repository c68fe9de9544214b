import { and, eq } from 'drizzle-orm'
import { links, paymentCredits, payments, unmatchedPayments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { Tx } from '../db/transaction.js'
import type { PaymentRow } from '../db/rows.js'
import { isTransfer } from '../db/transferKey.js'
import { refreshLink } from '../links/refreshLink.js'
import type { PaymentDecision } from './decidePayment.js'

/**
 * Writes one decision with its link's status and webhook events in one transaction that first
 * checks the claim is still ours. False when nothing visible changed or the claim was lost.
 */
export async function applyDecision(
  db: Db,
  payment: PaymentRow,
  decision: PaymentDecision,
  leaseToken: string,
  now: Date,
): Promise<boolean> {
  if (decision.unchanged && Object.keys(decision.patch).length === 0) return false
  return db.transaction(async (tx) => {
    // Lock order everywhere: link, then payment.
    await tx.select({ id: links.id }).from(links).where(eq(links.id, payment.linkId)).for('no key update')
    const [current] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, payment.id), eq(payments.leaseToken, leaseToken)))
      .for('update')
    if (!current) return false

    const patch = { ...decision.patch }
    if (decision.credits.length) {
      const credit = await claimCredit(tx, payment, decision)
      if (credit)
        Object.assign(patch, {
          optionId: credit.optionId,
          logIndex: credit.logIndex,
          amount: credit.amount.toString(),
          payer: credit.payer,
        })
      else {
        // Someone else's payment holds every matching transfer of this transaction.
        await tx
          .update(payments)
          .set({ status: 'failed', reason: 'already_credited', updatedAt: now })
          .where(eq(payments.id, payment.id))
        await refreshLink(tx, payment.linkId, now)
        return true
      }
    }
    await tx
      .update(payments)
      .set({ ...patch, ...(decision.unchanged ? {} : { updatedAt: now }) })
      .where(eq(payments.id, payment.id))
    if (decision.unchanged) return false
    await refreshLink(tx, payment.linkId, now, (view) => {
      const paymentView = view.payments.find((p) => p.id === payment.id) ?? null
      return decision.events.map((type) => ({ type, payment: paymentView }))
    })
    return true
  })
}

/** The first matching transfer no payment holds yet, now held by this one (the primary key decides races). */
async function claimCredit(tx: Tx, payment: PaymentRow, decision: PaymentDecision) {
  for (const credit of decision.credits) {
    const inserted = await tx
      .insert(paymentCredits)
      .values({
        caipNetworkId: payment.caipNetworkId,
        txHash: payment.txHash,
        logIndex: credit.logIndex,
        paymentId: payment.id,
      })
      .onConflictDoNothing()
      .returning({ logIndex: paymentCredits.logIndex })
    if (inserted.length) {
      // Recorded as unmatched before its link's payment was credited (a checkout's submission
      // that came after the block was scanned): the link counts it, so it is no longer unmatched.
      await tx
        .delete(unmatchedPayments)
        .where(
          and(
            isTransfer(unmatchedPayments, { ...payment, logIndex: credit.logIndex }),
            eq(unmatchedPayments.status, 'unmatched'),
          ),
        )
      return credit
    }
  }
  return null
}
