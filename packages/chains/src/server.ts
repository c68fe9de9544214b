import { parseCaipNetworkId } from '@paylink/shared'
import { bip122Family } from './bip122/index.js'
import type { ChainFamily } from './chainFamily.js'
import { eip155Family } from './eip155/index.js'
import { solanaFamily } from './solana/index.js'

export type * from './chainFamily.js'

/** Every chain family, by CAIP-2 namespace: adding a chain is adding a folder and a line here. */
export const chainFamilies: ReadonlyMap<string, ChainFamily> = new Map(
  [eip155Family, solanaFamily, bip122Family].map((family) => [family.namespace, family]),
)

/** The family of a CAIP-2 network id, or undefined for a namespace no family reads. */
export function chainFamilyOf(caipNetworkId: string): ChainFamily | undefined {
  return chainFamilies.get(parseCaipNetworkId(caipNetworkId).namespace)
}

/** A transaction id as stored and compared: hex ids lowercase, case-sensitive ones as given. */
export function normalizeTransactionId(caipNetworkId: string, transactionId: string): string {
  return chainFamilyOf(caipNetworkId)?.caseSensitiveTransactionIds ? transactionId : transactionId.toLowerCase()
}
