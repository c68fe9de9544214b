import type { Health, PublicConfig } from '@paylink/shared'
import { HealthNotices } from './HealthNotices.js'

export interface DegradedNotice {
  caipNetworkId: string
  name: string
  state: 'degraded' | 'down'
  sentence: string
}

/**
 * The networks whose RPC fails or lags, as one sentence each for the merchant. A halted network
 * is left to HaltedChains (another chain answers: a different sentence and a different fix).
 */
export function describeDegraded(health: Health | undefined, networks: PublicConfig['networks']): DegradedNotice[] {
  return (health?.chains ?? []).flatMap((chain) => {
    if (chain.halted || (chain.status !== 'degraded' && chain.status !== 'down')) return []
    const name = networks.find((network) => network.caipNetworkId === chain.caipNetworkId)?.name ?? chain.caipNetworkId
    const sentence =
      chain.status === 'down'
        ? `${name} cannot be read right now: new payments on it are credited once its RPC answers again, none is lost.`
        : `${name} answers slowly or with errors: payments on it may show as paid later than usual.`
    return [{ caipNetworkId: chain.caipNetworkId, name, state: chain.status, sentence }]
  })
}

/** A sentence on the dashboard while a network's RPC is degraded or down (from /api/health). */
export function DegradedNetworks() {
  return (
    <HealthNotices describe={describeDegraded} role="status" testId="degraded-networks" keyOf={(n) => n.caipNetworkId}>
      {(notice) => notice.sentence}
    </HealthNotices>
  )
}
