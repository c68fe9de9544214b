import type { LinkOption, PublicConfig } from '@paylink/shared'

/**
 * The configuration the toolkit starts with. On a checkout, only the networks of the chain
 * families the link's options use: AppKit gets an adapter per family it is given, and an
 * EVM-only link then never downloads the Solana or Bitcoin adapter (nor offers those wallets).
 * Everywhere else, and when a wallet connection is saved in this browser (AppKit restores it,
 * whatever its family), every configured network.
 */
export function kitConfigFor(
  config: PublicConfig,
  linkOptions: ReadonlyArray<Pick<LinkOption, 'caipNetworkId'>> | null,
  savedConnection: boolean,
): PublicConfig {
  if (!linkOptions || savedConnection) return config
  const families = new Set(linkOptions.map((o) => o.caipNetworkId.split(':')[0]))
  const networks = config.networks.filter((n) => families.has(n.caipNetworkId.split(':')[0]))
  // A link on no configured family (the server refuses those) would leave AppKit with nothing.
  return networks.length > 0 ? { ...config, networks } : config
}
