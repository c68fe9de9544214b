import { and, asc, eq, gt } from 'drizzle-orm'
import { payments } from '../db/schema.js'
import { processPayments, type ProcessPaymentsParameters } from './processPayments.js'

export type RecheckAllPendingParameters = Omit<ProcessPaymentsParameters, 'selection' | 'knownBlocks'>

/**
 * Reads every pending payment of a network once, a claim batch at a time: a process's first
 * pass, since blocks mined while none of its trackers ran were never scanned.
 */
export async function recheckAllPending(parameters: RecheckAllPendingParameters): Promise<void> {
  const { db, caipNetworkId, settings } = parameters
  let after = ''
  for (;;) {
    const page = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.caipNetworkId, caipNetworkId), eq(payments.status, 'pending'), gt(payments.id, after)))
      .orderBy(asc(payments.id))
      .limit(settings.batchSize)
    if (page.length === 0) return
    const ids = page.map((p) => p.id)
    await processPayments({ ...parameters, selection: { kind: 'ids', ids } })
    if (page.length < settings.batchSize) return
    after = ids.at(-1)!
  }
}
