import type { PaymentWatch } from '@paylink/chains/server'
import { loadWatches } from './loadWatches.js'
import { clockOf, type ChainPaymentPass } from './paymentPass.js'
import { processPayments } from './processPayments.js'
import { recordSightings } from './recordSightings.js'

export interface SightPendingPaymentsParameters extends ChainPaymentPass {
  requiredConfirmations: number
  /** The watched options at a moment (default: `loadWatches` from the database; the tracker passes its cache). */
  loadWatches?: (now: Date) => Promise<readonly PaymentWatch[]>
}

/**
 * Between blocks: asks a family that can see unmined transactions (a Bitcoin mempool) which pay a
 * watched option, records them as payments and reads them at once, so a payer who scanned a QR
 * sees "seen, confirming 0/N" within a pass instead of at the next block. Returns the number of
 * new payments.
 */
export async function sightPendingPayments(pass: SightPendingPaymentsParameters): Promise<number> {
  const { db, chain, caipNetworkId, requiredConfirmations } = pass
  const now = clockOf(pass)
  const readWatches = pass.loadWatches ?? ((at: Date) => loadWatches(db, caipNetworkId, at))
  if (!chain.sightPending) return 0
  const watches = await readWatches(now())
  if (watches.length === 0) return 0
  const sightings = await chain.sightPending(watches)
  const { paymentIds, linkIds } = await recordSightings(db, {
    caipNetworkId,
    watches,
    sightings,
    requiredConfirmations,
    now: now(),
  })
  for (const linkId of linkIds) pass.onLinkChanged?.(linkId)
  if (paymentIds.length) await processPayments({ ...pass, selection: { kind: 'ids', ids: paymentIds } })
  return paymentIds.length
}
