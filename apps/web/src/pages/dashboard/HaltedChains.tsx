import { describeHalts } from './describeHalts.js'
import { HealthNotices } from './HealthNotices.js'

/**
 * A network the tracker stopped following (another chain answered under its id: a reset devnet,
 * an RPC URL pointing at a fork) says so in plain words: until an operator fixes it, payments on it
 * are neither credited nor reverted, and the merchant should know why a link does not turn paid.
 */
export function HaltedChains() {
  return (
    <HealthNotices describe={describeHalts} role="alert" testId="halted-chains" keyOf={(chain) => chain.caipNetworkId}>
      {(chain) => (
        <>
          Paylink stopped watching <strong>{chain.name}</strong>: {chain.reason}. Payments on it are not credited or
          reverted until the operator points it back at the right chain (see <code>/api/health</code>).
        </>
      )}
    </HealthNotices>
  )
}
