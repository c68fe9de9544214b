import type { PaymentChainReader, PaymentWatch } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import { loadWatches } from './loadWatches.js'
import type { PaymentAction } from './paymentAction.js'
import type { PaymentProcessingSettings } from './paymentProcessingSettings.js'
import { processPayments } from './processPayments.js'
import { recordSightings } from './recordSightings.js'

export interface SightPendingPaymentsParameters {
  db: Db
  chain: PaymentChainReader
  caipNetworkId: string
  settings: PaymentProcessingSettings
  requiredConfirmations: number
  /** The watched options at a moment (default: `loadWatches` from the database; the tracker passes its cache). */
  loadWatches?: (now: Date) => Promise<readonly PaymentWatch[]>
  onLinkChanged?: (linkId: string) => void
  onPaymentAction?: (action: PaymentAction) => void
  now?: () => Date
}

/**
 * Between blocks: asks a family that can see unmined transactions (a Bitcoin mempool) which pay a
 * watched option, records them as payments and reads them at once, so a payer who scanned a QR
 * sees "seen, confirming 0/N" within a pass instead of at the next block. Returns the number of
 * new payments.
 */
export async function sightPendingPayments({
  db,
  chain,
  caipNetworkId,
  settings,
  requiredConfirmations,
  loadWatches: readWatches = (at) => loadWatches(db, caipNetworkId, at),
  onLinkChanged,
  onPaymentAction,
  now,
}: SightPendingPaymentsParameters): Promise<number> {
  if (!chain.sightPending) return 0
  const watches = await readWatches(now?.() ?? new Date())
  if (watches.length === 0) return 0
  const sightings = await chain.sightPending(watches)
  const { paymentIds, linkIds } = await recordSightings({
    db,
    caipNetworkId,
    watches,
    sightings,
    requiredConfirmations,
    ...(now ? { now: now() } : {}),
  })
  for (const linkId of linkIds) onLinkChanged?.(linkId)
  if (paymentIds.length) {
    await processPayments({
      db,
      chain,
      caipNetworkId,
      settings,
      selection: { kind: 'ids', ids: paymentIds },
      ...(onLinkChanged ? { onLinkChanged } : {}),
      ...(onPaymentAction ? { onPaymentAction } : {}),
      ...(now ? { now } : {}),
    })
  }
  return paymentIds.length
}
