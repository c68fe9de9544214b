import type { CreatePaymentBody, Payment } from '@paylink/shared'
import type { Db } from '../db/openDatabase.js'
import { withTimeout } from '@paylink/chains/server'
import { getPayment } from './readLinks.js'

/** What the payment side offers a submission: record the claim, look at the chain, keep watching. */
export interface PaymentIntake {
  /** Records "this transaction pays this link" (LINK_NOT_FOUND when there is no such link). */
  record(
    db: Db,
    parameters: { linkId: string; body: CreatePaymentBody; confirmations: ReadonlyMap<string, number> },
  ): Promise<{ payment: Payment; created: boolean }>
  /** The first chain read of a newly recorded payment. */
  processSubmitted(caipNetworkId: string, paymentId: string): Promise<unknown>
  /** Wakes the network's tracker loop. */
  poke(caipNetworkId: string): void
}

export interface SubmitLinkPaymentParameters {
  linkId: string
  body: CreatePaymentBody
  /** Required confirmations per tracked network (CAIP-2 id). */
  confirmations: ReadonlyMap<string, number>
  payments: PaymentIntake
  /** How long the answer may wait for the first chain read. */
  checkTimeoutMs: number
  /** The first read failed or took too long; the tracker retries on its own. */
  onCheckFailed?: (error: unknown, paymentId: string) => void
}

/**
 * A payer says a transaction pays a link. The payment is recorded, and a new pending one gets
 * a first look at the chain of up to `checkTimeoutMs`, so the answer usually already says
 * confirming, confirmed or failed; then the tracker is woken to keep watching. The same hash
 * again returns the payment as it stands.
 */
export async function submitLinkPayment(
  db: Db,
  { linkId, body, confirmations, payments, checkTimeoutMs, onCheckFailed }: SubmitLinkPaymentParameters,
): Promise<Payment> {
  // The recording bumped the link's version: the database announces it to every process's views and streams.
  const { payment, created } = await payments.record(db, { linkId, body, confirmations })
  if (!created || payment.status !== 'pending') return payment
  await withTimeout(payments.processSubmitted(body.caipNetworkId, payment.id), checkTimeoutMs).catch((error: unknown) =>
    onCheckFailed?.(error, payment.id),
  )
  const current = (await getPayment(db, payment.id)) ?? payment
  payments.poke(body.caipNetworkId)
  return current
}
