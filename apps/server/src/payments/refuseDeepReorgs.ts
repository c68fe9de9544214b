import { ChainMismatchError } from '@paylink/chains/server'
import type { PaymentRow } from '../db/rows.js'

export interface RefuseDeepReorgsParameters {
  caipNetworkId: string
  /** Payments already in a block whose block the chain no longer has at that height. */
  moved: ReadonlyArray<Pick<PaymentRow, 'id' | 'blockNumber'>>
  head: bigint
  reorgDepthLimit: number
}

/**
 * Reverting is for real reorgs: a block replaced within the depth limit. A payment's block
 * replaced deeper than that says the endpoint now serves another history (a reset chain, a
 * misconfigured RPC), and following it would revert every payment there: throws
 * ChainMismatchError, before any of them is changed, so the tracker halts the network.
 */
export function refuseDeepReorgs({ caipNetworkId, moved, head, reorgDepthLimit }: RefuseDeepReorgsParameters): void {
  const deep = moved.filter((p) => p.blockNumber !== null && head - p.blockNumber + 1n > BigInt(reorgDepthLimit))
  if (deep.length === 0) return
  const lowest = deep.reduce((a, b) => (a.blockNumber! < b.blockNumber! ? a : b))
  throw new ChainMismatchError(
    `${caipNetworkId} no longer has block ${lowest.blockNumber} where payment ${lowest.id} was recorded, ${head - lowest.blockNumber! + 1n} blocks below its head: deeper than the ${reorgDepthLimit}-block reorg limit.`,
  )
}
