import { useQuery } from '@tanstack/react-query'
import { getHealth } from '../../api/health.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { describeHalts } from './describeHalts.js'

/**
 * A network the tracker stopped following (another chain answered under its id: a reset devnet,
 * an RPC URL pointing at a fork) says so in plain words: until an operator fixes it, payments on it
 * are neither credited nor reverted, and the merchant should know why a link does not turn paid.
 */
export function HaltedChains() {
  const config = usePaylinkConfig()
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 30_000 })
  const halted = describeHalts(health.data, config.networks)
  if (halted.length === 0) return null
  return (
    <div className="dash-alert" role="alert" data-testid="halted-chains">
      {halted.map((chain) => (
        <p key={chain.caipNetworkId}>
          Paylink stopped watching <strong>{chain.name}</strong>: {chain.reason}. Payments on it are not credited or
          reverted until the operator points it back at the right chain (see <code>/api/health</code>).
        </p>
      ))}
    </div>
  )
}
