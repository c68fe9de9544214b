// The registry of the families' web faces: with the other registries, the only files that list every
// chain family (see ../README.md). apps/web looks a family up here instead of naming namespaces.
import { bip122Web } from './bip122/web/index.js'
import { eip155Web } from './eip155/web/index.js'
import { solanaWeb } from './solana/web/index.js'
import type { WebFamily } from './webContract.js'

export type * from './webContract.js'

/** Every family's web face, in the order the Wallet page shows them. */
export const webFamilies = [eip155Web, solanaWeb, bip122Web] as const

/** A namespace with a web face: the one type for "a chain family the web app can use a wallet on". */
export type WebNamespace = (typeof webFamilies)[number]['namespace']

export function isWebNamespace(namespace: string): namespace is WebNamespace {
  return webFamilies.some((family) => family.namespace === namespace)
}

/** The web face of a namespace (a CAIP-2 namespace, or a CAIP-2 network id). */
export function webFamilyOf(namespaceOrNetworkId: string): WebFamily<WebNamespace> {
  const namespace = namespaceOrNetworkId.split(':')[0]!
  const family = webFamilies.find((f) => f.namespace === namespace)
  if (!family) throw new Error(`Paylink has no web face for the ${namespace} chain family`)
  return family
}
