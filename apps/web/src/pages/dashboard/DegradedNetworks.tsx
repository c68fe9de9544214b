import type { Health, PublicConfig } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { getHealth } from '../../api/health.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'

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
  const config = usePaylinkConfig()
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 30_000 })
  const notices = describeDegraded(health.data, config.networks)
  if (notices.length === 0) return null
  return (
    <div className="dash-alert" role="status" data-testid="degraded-networks">
      {notices.map((notice) => (
        <p key={notice.caipNetworkId}>{notice.sentence}</p>
      ))}
    </div>
  )
}
