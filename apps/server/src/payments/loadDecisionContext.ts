import { inArray } from 'drizzle-orm'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { PaymentRow } from '../db/rows.js'
import type { DecidePaymentContext, PaymentDecision } from './decidePayment.js'
import type { PaymentProcessingSettings } from './processPayments.js'

export type DecisionInputs = Omit<DecidePaymentContext, 'head' | 'now'>

/**
 * Loads the options and expiry of the claimed payments' links once (two queries) and hands
 * each payment's share to `decide`: a pass over 200 payments does not query per payment.
 */
export async function loadDecisionContext(db: Db, claimed: readonly PaymentRow[], caipNetworkId: string, settings: PaymentProcessingSettings) {
  const linkIds = [...new Set(claimed.map((p) => p.linkId))]
  const optionRows = await db.select().from(linkOptions).where(inArray(linkOptions.linkId, linkIds))
  const expiries = new Map(
    (await db.select({ id: links.id, expiresAt: links.expiresAt }).from(links).where(inArray(links.id, linkIds))).map((l) => [l.id, l.expiresAt]),
  )
  return (payment: PaymentRow, decide: (inputs: DecisionInputs) => PaymentDecision): PaymentDecision =>
    decide({
      options: optionRows.filter((o) => o.linkId === payment.linkId && o.caipNetworkId === caipNetworkId),
      linkExpiresAt: expiries.get(payment.linkId) ?? null,
      missingGraceMs: settings.missingGraceMs,
      watchBlocks: settings.watchBlocks,
    })
}
