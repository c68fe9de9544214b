import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** One on-chain transfer: its network, transaction and log (or output) index, -1 for a native transfer. */
export interface TransferKey {
  caipNetworkId: string
  txHash: string
  logIndex: number
}

/**
 * The rows of `table` about one transfer. Credits, refunds and unmatched payments share this key,
 * so that one transfer counts once across them.
 */
export function isTransfer(
  table: { caipNetworkId: PgColumn; txHash: PgColumn; logIndex: PgColumn },
  transfer: TransferKey,
): SQL {
  return and(
    eq(table.caipNetworkId, transfer.caipNetworkId),
    eq(table.txHash, transfer.txHash),
    eq(table.logIndex, transfer.logIndex),
  )!
}
