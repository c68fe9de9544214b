import type { CreatePaymentBody, Payment } from '@paylink/shared'
import { and, eq } from 'drizzle-orm'
import { normalizeTransactionId } from '@paylink/chains/server'
import { linkOptions, links, payments } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { ConflictError, LinkNotFoundError } from '../errors.js'
import { toPaymentView } from '../links/linkViews.js'
import { insertPaymentClaim } from './insertPaymentClaim.js'

export interface SubmitPaymentParameters {
  linkId: string
  body: CreatePaymentBody
  /** Required confirmations per tracked network (CAIP-2 id). */
  confirmations: ReadonlyMap<string, number>
  now?: Date
}

export interface SubmitPaymentReturnType {
  payment: Payment
  /** False when this (link, network, hash) was submitted before: the same payment comes back. */
  created: boolean
}

/**
 * Records a payer's claim "this transaction pays this link". Nothing is believed yet: the
 * payment starts pending (or failed at once when the network is none of the link's options)
 * and the tracker decides from the chain. Submitting the same hash again, even concurrently,
 * returns the one payment (a unique index on link, network and hash).
 */
export async function submitPayment(
  db: Db,
  { linkId, body, confirmations, now = new Date() }: SubmitPaymentParameters,
): Promise<SubmitPaymentReturnType> {
  const txHash = normalizeTransactionId(body.caipNetworkId, body.txHash)
  const [link] = await db.select({ id: links.id, reusable: links.reusable }).from(links).where(eq(links.id, linkId))
  if (!link) throw new LinkNotFoundError(linkId)
  if (link.reusable)
    throw new ConflictError(
      'REUSABLE_LINK',
      'A reusable link is paid through its orders: make one with POST /api/links/:id/orders.',
    )
  const options = await db.select().from(linkOptions).where(eq(linkOptions.linkId, linkId))
  const option = options.find((o) => o.caipNetworkId === body.caipNetworkId)
  const required = confirmations.get(body.caipNetworkId)
  const offered = option !== undefined && required !== undefined

  const inserted = await insertPaymentClaim(
    db,
    {
      linkId,
      caipNetworkId: body.caipNetworkId,
      txHash,
      status: offered ? 'pending' : 'failed',
      reason: offered ? null : 'wrong_network',
      requiredConfirmations: required ?? 1,
    },
    now,
  )
  if (inserted) return { payment: toPaymentView(inserted, undefined), created: true }

  const [existing] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.linkId, linkId), eq(payments.caipNetworkId, body.caipNetworkId), eq(payments.txHash, txHash)),
    )
  if (!existing) throw new Error(`payment for ${txHash} vanished after a conflicting insert`)
  return {
    payment: toPaymentView(
      existing,
      options.find((o) => o.id === existing.optionId),
    ),
    created: false,
  }
}
