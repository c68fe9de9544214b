// The registry of the families' facts (plain data: namespace, label, coin type): with the other
// registries, the only files that list every chain family (see ../README.md). It loads no schema
// and no library, so the checkout's first paint can ask which family an id belongs to.
import type { ChainFacts } from './chainCore.js'
import { bitcoinFacts } from './bip122/core/bitcoinFacts.js'
import { evmFacts } from './eip155/core/evmFacts.js'
import { solanaFacts } from './solana/core/solanaFacts.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'
import { slip44AssetId } from './slip44AssetId.js'

export type { ChainFacts } from './chainCore.js'
export { parseCaipNetworkId, type ParsedCaipNetworkId } from './parseCaipNetworkId.js'

/** Every chain family's CAIP-2 namespace, in the order the app lists them. */
export const chainNamespaces = [evmFacts.namespace, solanaFacts.namespace, bitcoinFacts.namespace] as const
export type ChainNamespace = (typeof chainNamespaces)[number]

/** Every family's facts, by namespace: adding a family is adding a folder and a line here. */
export const chainFacts: { readonly [N in ChainNamespace]: ChainFacts<N> } = {
  eip155: evmFacts,
  solana: solanaFacts,
  bip122: bitcoinFacts,
}

/** Whether a string is the namespace of a family (and not, say, `constructor`). */
export function isChainNamespace(namespace: string): namespace is ChainNamespace {
  return Object.hasOwn(chainFacts, namespace)
}

/** The namespace of a namespace (`eip155`) or of a CAIP-2 / CAIP-19 id, when a family has it. */
export function chainNamespaceOf(namespaceOrCaipId: string): ChainNamespace | undefined {
  const colon = namespaceOrCaipId.indexOf(':')
  const namespace = colon < 0 ? namespaceOrCaipId : namespaceOrCaipId.slice(0, colon)
  return isChainNamespace(namespace) ? namespace : undefined
}

/** The facts of a namespace or of a CAIP id's namespace; undefined for a namespace no family knows. */
export function chainFactsOf(namespaceOrCaipId: string): ChainFacts | undefined {
  const namespace = chainNamespaceOf(namespaceOrCaipId)
  return namespace && chainFacts[namespace]
}

/** How the app names each family to people ('EVM', 'Solana', 'Bitcoin'). */
export const chainLabels = Object.fromEntries(
  chainNamespaces.map((namespace) => [namespace, chainFacts[namespace].label]),
) as { readonly [N in ChainNamespace]: string }

/** The native coin's CAIP-19 id on a network (slip44 coin type per namespace; Ether's for a namespace no family knows). */
export function nativeAssetId(caipNetworkId: string): string {
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  return slip44AssetId(caipNetworkId, chainFactsOf(namespace)?.nativeCoinType ?? 60)
}
