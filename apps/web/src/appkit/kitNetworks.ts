import { chainFacts } from '@paylink/chains/facts'
import type { LinkOption, PublicConfig } from '@paylink/shared'

/**
 * The configuration the toolkit starts with. On a checkout, only the networks of the chain
 * families the link's options use, and EVM's: AppKit gets an adapter per family it is given, and
 * an EVM-only link then never downloads the Solana or Bitcoin adapter (nor offers those wallets).
 * Everywhere else, and when a wallet connection is saved in this browser (AppKit restores it,
 * whatever its family), every configured network.
 */
export function kitConfigFor(
  config: PublicConfig,
  linkOptions: ReadonlyArray<Pick<LinkOption, 'caipNetworkId'>> | null,
  savedConnection: boolean,
): PublicConfig {
  if (!linkOptions || savedConnection) return config
  const familyOf = (caipNetworkId: string) => caipNetworkId.split(':')[0]!
  const linkFamilies = new Set(linkOptions.map((o) => familyOf(o.caipNetworkId)))
  // A link on no configured family (the server refuses those): nothing to narrow to.
  if (!config.networks.some((n) => linkFamilies.has(familyOf(n.caipNetworkId)))) return config
  // EVM always: the wagmi adapter is built with the toolkit whatever the link's chains (wagmi
  // needs at least one chain), and the checkout's pay form runs under wagmi's provider.
  linkFamilies.add(chainFacts.eip155.namespace)
  return { ...config, networks: config.networks.filter((n) => linkFamilies.has(familyOf(n.caipNetworkId))) }
}
