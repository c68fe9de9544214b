import { z } from 'zod'
import { caipAssetIdSchema, caipNetworkIdSchema } from './caip.js'
import { maxAddressLength, maxAmountLength, maxIdLength, maxTimestampLength } from './limits.js'

/** unmatched: waiting for the merchant; attached: counted by a link; refunded: sent back (marked by the merchant). */
export const unmatchedStatuses = ['unmatched', 'attached', 'refunded'] as const
export type UnmatchedStatus = (typeof unmatchedStatuses)[number]

/** no_link: it reached the merchant's own address with no link; link_closed: an option's address or reference of a link paid, expired or deactivated. */
export const unmatchedReasons = ['no_link', 'link_closed'] as const
export type UnmatchedReason = (typeof unmatchedReasons)[number]

/** A transfer that reached the merchant but paid no open option (`GET /api/unmatched`, webhook `payment.unmatched`). */
export const unmatchedPaymentSchema = z.object({
  id: z.string().max(maxIdLength),
  caipNetworkId: caipNetworkIdSchema,
  asset: caipAssetIdSchema,
  symbol: z.string().max(32),
  decimals: z.number().int(),
  /** Decimal in the asset's units. */
  amount: z.string().max(maxAmountLength),
  txHash: z.string().max(100),
  /** -1 for a native transfer, else the log's or output's index. */
  logIndex: z.number().int(),
  sender: z.string().max(maxAddressLength),
  /** The address it reached. */
  address: z.string().max(maxAddressLength),
  reason: z.enum(unmatchedReasons),
  /** The closed link whose option it reached, if any. */
  sourceLinkId: z.string().max(maxIdLength).nullable(),
  blockNumber: z.string().max(maxAmountLength).nullable(),
  minedAt: z.string().max(maxTimestampLength).nullable(),
  status: z.enum(unmatchedStatuses),
  /** The link it was attached to, and the payment it became there. */
  attachedLinkId: z.string().max(maxIdLength).nullable(),
  attachedPaymentId: z.string().max(maxIdLength).nullable(),
  refundTxHash: z.string().max(100).nullable(),
  createdAt: z.string().max(maxTimestampLength),
})
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>

export const unmatchedListSchema = z.object({ unmatched: z.array(unmatchedPaymentSchema) })
export type UnmatchedList = z.infer<typeof unmatchedListSchema>

/** `POST /api/unmatched/:id/attach`. */
export const attachUnmatchedBodySchema = z.strictObject({ linkId: z.string().min(1).max(maxIdLength) })
export type AttachUnmatchedBody = z.infer<typeof attachUnmatchedBodySchema>

/** `POST /api/unmatched/:id/refunded`: the refund's transaction id, if the merchant has it. */
export const refundUnmatchedBodySchema = z.strictObject({ refundTxHash: z.string().trim().min(1).max(100).optional() })
export type RefundUnmatchedBody = z.infer<typeof refundUnmatchedBodySchema>
