import { describeLowGas } from './describeHalts.js'
import { HealthNotices } from './HealthNotices.js'

/**
 * An x402 gas key running dry says so before settlements start failing: the payer's money never
 * pays gas, so only the operator topping the key up keeps paid requests settling.
 */
export function LowX402Gas() {
  return (
    <HealthNotices
      describe={describeLowGas}
      role="alert"
      testId="low-x402-gas"
      keyOf={(notice) => `${notice.address}|${notice.caipNetworkId}`}
    >
      {(notice) => (
        <>
          The x402 gas key <code className="break-all">{notice.address}</code> has {notice.balance} left on{' '}
          <strong>{notice.name}</strong> (under {notice.threshold}): top it up, or x402 payments there stop settling.
        </>
      )}
    </HealthNotices>
  )
}
