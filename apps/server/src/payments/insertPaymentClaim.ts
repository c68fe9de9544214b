import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import type { PaymentRow } from '../db/rows.js'
import { payments } from '../db/schema.js'
import { refreshLink } from '../links/refreshLink.js'

export interface PaymentClaim {
  linkId: string
  caipNetworkId: string
  /** Normalized for the network (normalizeTransactionId), as the unique index compares it. */
  txHash: string
  status: 'pending' | 'failed'
  reason?: string | null
  requiredConfirmations: number
}

/**
 * Records that a transaction is said to pay a link (submitted by the checkout, or sighted by the
 * chain family), unless that (link, network, transaction) is recorded already, and refreshes the
 * link in the same transaction when it is new. Returns the new row, or undefined when it was not.
 */
export async function insertPaymentClaim(db: Db, claim: PaymentClaim, now: Date): Promise<PaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        id: newId('pay'),
        ...claim,
        requiredConfirmations: Math.max(1, claim.requiredConfirmations),
        missingSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (row) await refreshLink(tx, claim.linkId, now)
    return row
  })
}
