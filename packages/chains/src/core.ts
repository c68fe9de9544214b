// The registry of the families' core faces: with the other registries, the only files that list every
// chain family (see ../README.md). What needs no schema (namespaces, labels) is in ./facts.ts.
import { bip122Core } from './bip122/core/index.js'
import type { ChainCore } from './chainCore.js'
import { eip155Core } from './eip155/core/index.js'
import { chainNamespaceOf, type ChainNamespace } from './facts.js'
import { solanaCore } from './solana/core/index.js'

export type * from './chainCore.js'
export { caipNetworkIdSchema, parseCaipNetworkId, type ParsedCaipNetworkId } from './caip.js'
export { chainLabels, chainNamespaces, isChainNamespace, type ChainNamespace } from './facts.js'

/** Every chain family's core face, by namespace: adding a family is adding a folder and a line here. */
export const chainCores: { readonly [N in ChainNamespace]: ChainCore<N> } = {
  eip155: eip155Core,
  solana: solanaCore,
  bip122: bip122Core,
}

/** The core face of a namespace (`eip155`) or of a CAIP-2 / CAIP-19 id's namespace; undefined for a namespace no family knows. */
export function chainCoreOf(namespaceOrCaipId: string): ChainCore | undefined {
  const namespace = chainNamespaceOf(namespaceOrCaipId)
  return namespace && chainCores[namespace]
}

/** A transaction id as stored and compared: case-sensitive ones (Solana's) as given, the others (hex) lowercase. */
export function normalizeTransactionId(caipNetworkId: string, transactionId: string): string {
  return chainCoreOf(caipNetworkId)?.caseSensitiveTransactionIds ? transactionId : transactionId.toLowerCase()
}

/** Whether two addresses on a namespace are the same account (EVM: case-insensitive); exact for an unknown namespace. */
export function sameAddress(namespaceOrCaipId: string, a: string, b: string): boolean {
  const core = chainCoreOf(namespaceOrCaipId)
  return core ? core.addressKey(a) === core.addressKey(b) : a === b
}
