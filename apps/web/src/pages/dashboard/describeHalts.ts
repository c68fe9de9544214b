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

export interface LowGasNotice {
  caipNetworkId: string
  name: string
  address: string
  balance: string
  /** Under this the key is low (X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA). */
  threshold: string
}

/** The networks where an x402 gas key (EVM, or the Solana fee payer) runs low, named as the merchant knows them. */
export function describeLowGas(health: Health | undefined, networks: PublicConfig['networks']): LowGasNotice[] {
  const gas = health?.x402Gas
  if (!gas) return []
  return [gas, ...(gas.solana ? [gas.solana] : [])].flatMap((key) =>
    key.networks
      .filter((network) => network.low)
      .map((network) => ({
        caipNetworkId: network.caipNetworkId,
        name: networks.find((n) => n.caipNetworkId === network.caipNetworkId)?.name ?? network.caipNetworkId,
        address: key.address,
        balance: network.balance ?? '0',
        threshold: key.threshold,
      })),
  )
}
