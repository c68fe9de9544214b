import { type PaymentSighting, type PaymentWatch, normalizeTransactionId } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import { insertPaymentClaim } from './insertPaymentClaim.js'

export interface RecordSightingsParameters {
  caipNetworkId: string
  /** The watches the sightings answer (a sighting of an option not watched is ignored). */
  watches: readonly PaymentWatch[]
  sightings: readonly PaymentSighting[]
  requiredConfirmations: number
  now?: Date
}

/**
 * Records each transaction the chain family saw paying a watched option as a pending payment
 * of that option's link, exactly as if the payer had submitted it: the tracker then matches
 * and confirms it with the same rules. A transaction already recorded for the link (submitted
 * by the checkout, or seen before) is not recorded twice. Returns the new payments and their links.
 */
export async function recordSightings(
  db: Db,
  { caipNetworkId, watches, sightings, requiredConfirmations, now = new Date() }: RecordSightingsParameters,
): Promise<{ paymentIds: string[]; linkIds: string[] }> {
  const linkOf = new Map(watches.map((watch) => [watch.optionId, watch.linkId]))
  const seen = new Set<string>()
  const created: string[] = []
  const changedLinks = new Set<string>()
  for (const sighting of sightings) {
    const linkId = linkOf.get(sighting.optionId)
    const key = `${linkId}\n${sighting.transactionId}`
    if (!linkId || seen.has(key)) continue
    seen.add(key)
    const row = await insertPaymentClaim(
      db,
      {
        linkId,
        caipNetworkId,
        txHash: normalizeTransactionId(caipNetworkId, sighting.transactionId),
        status: 'pending',
        requiredConfirmations,
      },
      now,
    )
    if (row) {
      created.push(row.id)
      changedLinks.add(linkId)
    }
  }
  return { paymentIds: created, linkIds: [...changedLinks] }
}
