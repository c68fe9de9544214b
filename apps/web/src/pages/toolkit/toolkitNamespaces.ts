import { chainNamespaces } from '@paylink/chains/facts'
import type { PublicConfig } from '@paylink/shared'
import type { ChainNamespace } from '@reown/appkit-common'
import { namespaceOf } from '../../appkit/networks.js'

export const namespaceOrder: ChainNamespace[] = [...chainNamespaces]

/** The namespaces Paylink has networks (and so adapters) for, in a fixed order. */
export function configuredNamespaces(config: PublicConfig): ChainNamespace[] {
  const present = new Set(config.networks.map(namespaceOf))
  return namespaceOrder.filter((ns) => present.has(ns))
}

/** A namespace the toolkit knows but Paylink has no adapter for: the page offers it to show the error. */
export const namespaceWithoutAdapter: ChainNamespace = 'polkadot'
