// The registry of the families' core faces: with the other registries, the only files that list every
// chain family (see ../README.md).
import { bip122Core } from './bip122/core/index.js'
import type { ChainCore } from './chainCore.js'
import { eip155Core } from './eip155/core/index.js'
import { solanaCore } from './solana/core/index.js'

export type * from './chainCore.js'
export { caipNetworkIdSchema, parseCaipNetworkId, type ParsedCaipNetworkId } from './caip.js'

/** Every chain family's CAIP-2 namespace, in the order the app lists them. */
export const chainNamespaces = [eip155Core.namespace, solanaCore.namespace, bip122Core.namespace] as const
export type ChainNamespace = (typeof chainNamespaces)[number]

/** Every chain family's core face, by namespace: adding a family is adding a folder and a line here. */
export const chainCores: { readonly [N in ChainNamespace]: ChainCore<N> } = {
  eip155: eip155Core,
  solana: solanaCore,
  bip122: bip122Core,
}

/** Whether a string is the namespace of a family (and not, say, `constructor`). */
export function isChainNamespace(namespace: string): namespace is ChainNamespace {
  return Object.hasOwn(chainCores, namespace)
}

/** The core face of a namespace (`eip155`) or of a CAIP-2 / CAIP-19 id's namespace; undefined for a namespace no family knows. */
export function chainCoreOf(namespaceOrCaipId: string): ChainCore | undefined {
  const colon = namespaceOrCaipId.indexOf(':')
  const namespace = colon < 0 ? namespaceOrCaipId : namespaceOrCaipId.slice(0, colon)
  return isChainNamespace(namespace) ? chainCores[namespace] : undefined
}

/** How the app names each family to people ('EVM', 'Solana', 'Bitcoin'). */
export const chainLabels = Object.fromEntries(
  chainNamespaces.map((namespace) => [namespace, chainCores[namespace].label]),
) as {
  readonly [N in ChainNamespace]: string
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
