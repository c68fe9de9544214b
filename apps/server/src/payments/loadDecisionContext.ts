import { inArray } from 'drizzle-orm'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { LinkOptionRow, PaymentRow } from '../db/rows.js'
import type { DecidePaymentContext } from './decidePayment.js'
import type { PaymentProcessingSettings } from './paymentProcessingSettings.js'

export type DecisionInputs = Omit<DecidePaymentContext, 'head' | 'now'> & {
  /** The link's options on the payment's network: what its transaction is matched against. */
  options: readonly LinkOptionRow[]
}

/**
 * Loads the options and expiry of the claimed payments' links once (two queries) and returns
 * each payment's share: a pass over 200 payments does not query per payment.
 */
export async function loadDecisionContext(
  db: Db,
  claimed: readonly PaymentRow[],
  caipNetworkId: string,
  settings: PaymentProcessingSettings,
): Promise<(payment: PaymentRow) => DecisionInputs> {
  const linkIds = [...new Set(claimed.map((p) => p.linkId))]
  const optionRows = linkIds.length
    ? await db.select().from(linkOptions).where(inArray(linkOptions.linkId, linkIds))
    : []
  const expiries = new Map(
    linkIds.length
      ? (
          await db.select({ id: links.id, expiresAt: links.expiresAt }).from(links).where(inArray(links.id, linkIds))
        ).map((l) => [l.id, l.expiresAt])
      : [],
  )
  return (payment) => ({
    options: optionRows.filter((o) => o.linkId === payment.linkId && o.caipNetworkId === caipNetworkId),
    linkExpiresAt: expiries.get(payment.linkId) ?? null,
    missingGraceMs: settings.missingGraceMs,
    watchBlocks: settings.watchBlocks,
  })
}
