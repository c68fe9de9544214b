import { formatUnits, type UnmatchedPayment, type UnmatchedReason, type UnmatchedStatus } from '@paylink/shared'
import type { unmatchedPayments } from '../db/schema.js'

export type UnmatchedRow = typeof unmatchedPayments.$inferSelect

/** A stored unmatched payment as the API and the webhook show it (amount in the asset's units). */
export function toUnmatchedView(row: UnmatchedRow, attachedLinkId: string | null): UnmatchedPayment {
  return {
    id: row.id,
    caipNetworkId: row.caipNetworkId,
    asset: row.assetId,
    symbol: row.symbol,
    decimals: row.decimals,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    txHash: row.txHash,
    logIndex: row.logIndex,
    sender: row.sender,
    address: row.address,
    reason: row.reason as UnmatchedReason,
    sourceLinkId: row.sourceLinkId,
    blockNumber: row.blockNumber === null ? null : row.blockNumber.toString(),
    minedAt: row.minedAt?.toISOString() ?? null,
    status: row.status as UnmatchedStatus,
    attachedLinkId,
    attachedPaymentId: row.attachedPaymentId,
    refundTxHash: row.refundTxHash,
    createdAt: row.createdAt.toISOString(),
  }
}
