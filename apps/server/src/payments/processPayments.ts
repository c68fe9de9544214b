import { randomBytes } from 'node:crypto'
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import { readEvmPaymentEvidence } from '../chains/readEvmPaymentEvidence.js'
import { linkOptions, links, paymentCredits, payments } from '../db/linksSchema.js'
import type { Db } from '../db/openDatabase.js'
import type { Tx } from '../db/transaction.js'
import type { LinkOptionRow, PaymentRow } from '../links/linkViews.js'
import { refreshLink } from '../links/refreshLink.js'
import { decidePayment, type PaymentDecision } from './decidePayment.js'

export interface PaymentProcessingSettings {
  /** A claim is held this long; a crashed tracker's claims free up after it. Default 30 s. */
  leaseMs: number
  /** How long an unknown transaction may stay pending before it fails. */
  missingGraceMs: number
  /** Blocks past the required confirmations during which confirmed payments are re-checked. */
  watchBlocks: number
  /** Payments per claim (one JSON-RPC batch). */
  batchSize: number
}

export const defaultPaymentProcessingSettings: PaymentProcessingSettings = {
  leaseMs: 30_000,
  missingGraceMs: 10 * 60_000,
  watchBlocks: 12,
  batchSize: 200,
}

export interface ProcessPaymentsParameters {
  db: Db
  client: PublicClient
  caipNetworkId: string
  settings: PaymentProcessingSettings
  /** Latest head known to the caller: confirmed payments are re-checked while it is within their watch. */
  head?: bigint
  /** Only these payments (a fresh submission); default: every due one on the network. */
  paymentIds?: readonly string[]
  /** Told after each committed change, with the link id (server-sent events). */
  onLinkChanged?: (linkId: string) => void
  now?: () => Date
}

export interface ProcessPaymentsReturnType {
  claimed: number
  changed: number
}

/**
 * One pass over a network's due payments: claim them (a lease taken with FOR UPDATE SKIP
 * LOCKED, so concurrent trackers split the work), read the chain for all of them in one
 * batch, then write each payment's next state with its link's status and webhook events in
 * one transaction that first checks the claim is still ours.
 */
export async function processPayments({
  db,
  client,
  caipNetworkId,
  settings,
  head,
  paymentIds,
  onLinkChanged,
  now = () => new Date(),
}: ProcessPaymentsParameters): Promise<ProcessPaymentsReturnType> {
  const leaseToken = randomBytes(12).toString('base64url')
  const claimed = await claimPayments(db, { caipNetworkId, head, paymentIds, leaseToken, settings })
  if (claimed.length === 0) return { claimed: 0, changed: 0 }
  try {
    const linkIds = [...new Set(claimed.map((p) => p.linkId))]
    const [optionRows, linkRows] = [
      await db.select().from(linkOptions).where(inArray(linkOptions.linkId, linkIds)),
      await db.select({ id: links.id, expiresAt: links.expiresAt }).from(links).where(inArray(links.id, linkIds)),
    ]
    const { head: chainHead, evidence } = await readEvmPaymentEvidence({
      client,
      items: claimed.map((p) => ({ txHash: p.txHash, withTransaction: p.optionId === null })),
    })
    let changed = 0
    for (const payment of claimed) {
      const decision = decidePayment(payment, evidence.get(payment.txHash)!, {
        head: chainHead,
        now: now(),
        options: optionRows.filter((o) => o.linkId === payment.linkId && o.caipNetworkId === caipNetworkId),
        linkExpiresAt: linkRows.find((l) => l.id === payment.linkId)?.expiresAt ?? null,
        missingGraceMs: settings.missingGraceMs,
        watchBlocks: settings.watchBlocks,
      })
      if (await applyDecision(db, payment, decision, leaseToken, now())) {
        changed++
        onLinkChanged?.(payment.linkId)
      }
    }
    return { claimed: claimed.length, changed }
  } finally {
    // Whatever was not written (an RPC failure, a crash of this pass) is free again at once.
    await db
      .update(payments)
      .set({ leaseToken: null, leaseUntil: null })
      .where(and(eq(payments.leaseToken, leaseToken), inArray(payments.id, claimed.map((p) => p.id))))
  }
}

interface ClaimParameters {
  caipNetworkId: string
  head: bigint | undefined
  paymentIds: readonly string[] | undefined
  leaseToken: string
  settings: PaymentProcessingSettings
}

async function claimPayments(db: Db, { caipNetworkId, head, paymentIds, leaseToken, settings }: ClaimParameters): Promise<PaymentRow[]> {
  const tracked = head === undefined
    ? inArray(payments.status, ['pending', 'confirming'])
    : or(inArray(payments.status, ['pending', 'confirming']), and(eq(payments.status, 'confirmed'), gte(payments.watchUntilBlock, head)))
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.caipNetworkId, caipNetworkId),
        tracked,
        or(isNull(payments.leaseUntil), lt(payments.leaseUntil, sql`now()`)),
        paymentIds ? inArray(payments.id, [...paymentIds]) : undefined,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(settings.batchSize)
    .for('update', { skipLocked: true })
  return db
    .update(payments)
    .set({ leaseToken, leaseUntil: sql`now() + ${settings.leaseMs} * interval '1 millisecond'` })
    .where(inArray(payments.id, due))
    .returning()
}

/** Writes one decision; false when nothing visible changed or the claim was lost meanwhile. */
async function applyDecision(db: Db, payment: PaymentRow, decision: PaymentDecision, leaseToken: string, now: Date): Promise<boolean> {
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
      if (credit) Object.assign(patch, { optionId: credit.optionId, logIndex: credit.logIndex, amount: credit.amount.toString(), payer: credit.payer })
      else {
        // Someone else's payment holds every matching transfer of this transaction.
        await tx.update(payments).set({ status: 'failed', reason: 'already_credited', updatedAt: now }).where(eq(payments.id, payment.id))
        await refreshLink(tx, payment.linkId, now)
        return true
      }
    }
    await tx.update(payments).set({ ...patch, ...(decision.unchanged ? {} : { updatedAt: now }) }).where(eq(payments.id, payment.id))
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
      .values({ caipNetworkId: payment.caipNetworkId, txHash: payment.txHash, logIndex: credit.logIndex, paymentId: payment.id })
      .onConflictDoNothing()
      .returning({ logIndex: paymentCredits.logIndex })
    if (inserted.length) return credit
  }
  return null
}
