import type { Asset, Network } from '@paylink/shared'

/**
 * The settings that processes sharing one database must agree on, keyed by the name an
 * operator knows them by. Two processes with different webhook rules would fail each other's
 * deliveries for good; different confirmations or networks would judge one payment two ways.
 */
export type SharedSettings = Record<string, string>

export interface SharedSettingsSource {
  /** Every allowed origin, the canonical one first (PUBLIC_ORIGIN). */
  publicOrigins: readonly string[]
  webhookAllowHttp: boolean
  webhookAllowPrivateAddresses: boolean
  networks: readonly Pick<Network, 'caipNetworkId' | 'rpcUrl' | 'confirmations'>[]
  assets: readonly Pick<Asset, 'assetId' | 'decimals'>[]
}

export function sharedSettingsOf(source: SharedSettingsSource): SharedSettings {
  const settings: SharedSettings = {
    PUBLIC_ORIGIN: source.publicOrigins.join(','),
    WEBHOOK_ALLOW_HTTP: String(source.webhookAllowHttp),
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: String(source.webhookAllowPrivateAddresses),
    networks: [...source.networks.map((n) => n.caipNetworkId)].sort().join(','),
    assets: [...source.assets.map((a) => `${a.assetId}:${a.decimals}`)].sort().join(','),
  }
  for (const network of source.networks)
    settings[`confirmations of ${network.caipNetworkId}`] = String(network.confirmations)
  return settings
}

export interface SettingMismatch {
  name: string
  mine: string | undefined
  theirs: string | undefined
}

/** The first setting (in the order sharedSettingsOf lists them) on which two processes disagree, or null. */
export function findSettingMismatch(mine: SharedSettings, theirs: SharedSettings): SettingMismatch | null {
  const names = new Set([...Object.keys(mine), ...Object.keys(theirs)])
  for (const name of names) {
    if (mine[name] !== theirs[name]) return { name, mine: mine[name], theirs: theirs[name] }
  }
  return null
}
