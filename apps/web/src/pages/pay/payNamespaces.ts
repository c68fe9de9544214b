import { chainFacts } from '@paylink/chains/facts'
import type { LinkOption } from '@paylink/shared'
import type { WebNamespace } from '@paylink/chains/web'

/** The chain families the checkout can pay with a connected wallet: those with a web face. */
export type PayNamespace = WebNamespace

/**
 * Their names on the checkout. Kept here, not read from the web registry: its faces bring the
 * wallet libraries, and the checkout's first paint (Connect, the family chooser) needs only the
 * names. A family missing here fails to compile.
 */
export const namespaceNames = {
  eip155: 'Ethereum (EVM)',
  solana: 'Solana',
  bip122: 'Bitcoin',
} as const satisfies Record<PayNamespace, string>

const isPayNamespace = (namespace: string): namespace is PayNamespace => Object.hasOwn(namespaceNames, namespace)

/** The family a Connect button opens when a link names none, and the one it needs no name for. */
const usualNamespace: PayNamespace = chainFacts.eip155.namespace

/**
 * The namespaces of a link's options, each once, in the merchant's order: what the Connect
 * button opens the toolkit for, and what the payer chooses between when there are several.
 */
export function payNamespaces(options: ReadonlyArray<Pick<LinkOption, 'caipNetworkId'>>): PayNamespace[] {
  const found: PayNamespace[] = []
  for (const { caipNetworkId } of options) {
    const namespace = caipNetworkId.split(':')[0]!
    if (isPayNamespace(namespace) && !found.includes(namespace)) found.push(namespace)
  }
  return found
}

/** The family a Connect button opens: the payer's pick, else the link's first. */
export function connectNamespace(namespaces: readonly PayNamespace[], picked: PayNamespace | null): PayNamespace {
  return picked ?? namespaces[0] ?? usualNamespace
}

/** What the Connect button names: nothing for the usual EVM wallet of an EVM-only link. */
export function connectLabel(namespaces: readonly PayNamespace[], namespace: PayNamespace): string | null {
  return namespaces.length > 1 || namespace !== usualNamespace ? namespaceNames[namespace] : null
}
