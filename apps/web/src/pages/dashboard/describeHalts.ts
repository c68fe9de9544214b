import type { Health, PublicConfig } from '@paylink/shared'

export interface HaltNotice {
  caipNetworkId: string
  name: string
  reason: string
}

/** The networks the tracker halted, named as the merchant knows them. */
export function describeHalts(health: Health | undefined, networks: PublicConfig['networks']): HaltNotice[] {
  return (health?.chains ?? [])
    .filter((chain) => chain.halted)
    .map((chain) => ({
      caipNetworkId: chain.caipNetworkId,
      name: networks.find((network) => network.caipNetworkId === chain.caipNetworkId)?.name ?? chain.caipNetworkId,
      reason: chain.reason ?? 'another chain answers under its id',
    }))
}
