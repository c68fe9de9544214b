import type { x402Facilitator } from '@x402/core/facilitator'
import type { X402Libraries } from './x402Libraries.js'

/** A facilitator's gas key on one chain family, and how its schemes join x402's facilitator. */
export interface FacilitatorKey {
  /** The gas key's address: it pays gas (or fees) and never receives. */
  address: string
  /** The networks it settles on (CAIP-2). */
  networks: readonly string[]
  /** The gas key's balance per network in the coin's atomic units (null where the RPC did not answer). */
  balances(): Promise<Array<{ caipNetworkId: string; balance: bigint | null }>>
  /** Registers the family's exact scheme on its networks with `facilitator`, signing with the gas key. */
  register(facilitator: x402Facilitator, libraries: X402Libraries): void
}

/**
 * A gas key's `balances`: one read per network, all at once; a network whose RPC fails reads null,
 * so one network down does not hide the others' balances.
 */
export function balancesOn<R extends { caipNetworkId: string }>(
  readers: readonly R[],
  read: (reader: R) => Promise<bigint>,
): FacilitatorKey['balances'] {
  return () =>
    Promise.all(
      readers.map(async (reader) => ({
        caipNetworkId: reader.caipNetworkId,
        balance: await read(reader).catch(() => null),
      })),
    )
}
