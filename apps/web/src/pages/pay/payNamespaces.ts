import type { LinkOption } from '@paylink/shared'

/** The chain families the checkout can pay with a connected wallet. */
export type PayNamespace = 'eip155' | 'solana' | 'bip122'

const payable: readonly string[] = ['eip155', 'solana', 'bip122'] satisfies PayNamespace[]

/**
 * The namespaces of a link's options, each once, in the merchant's order: what the Connect
 * button opens the toolkit for, and what the payer chooses between when there are several.
 */
export function payNamespaces(options: ReadonlyArray<Pick<LinkOption, 'caipNetworkId'>>): PayNamespace[] {
  const found: PayNamespace[] = []
  for (const { caipNetworkId } of options) {
    const namespace = caipNetworkId.split(':')[0]!
    if (payable.includes(namespace) && !found.includes(namespace as PayNamespace)) found.push(namespace as PayNamespace)
  }
  return found
}
