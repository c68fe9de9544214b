import { useQuery } from '@tanstack/react-query'
import { getHealth } from '../../api/health.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { describeLowGas } from './describeHalts.js'

/**
 * An x402 gas key running dry says so before settlements start failing: the payer's money never
 * pays gas, so only the operator topping the key up keeps paid requests settling.
 */
export function LowX402Gas() {
  const config = usePaylinkConfig()
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 30_000 })
  const low = describeLowGas(health.data, config.networks)
  if (low.length === 0) return null
  return (
    <div className="dash-alert" role="alert" data-testid="low-x402-gas">
      {low.map((notice) => (
        <p key={`${notice.address}|${notice.caipNetworkId}`}>
          The x402 gas key <code className="break-all">{notice.address}</code> has {notice.balance} left on{' '}
          <strong>{notice.name}</strong> (under {notice.threshold}): top it up, or x402 payments there stop settling.
        </p>
      ))}
    </div>
  )
}
