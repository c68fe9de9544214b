import type { Network } from '@paylink/shared'
import type { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'

/** The step before paying when the wallet is on another network than the chosen option's. */
export function SwitchNetworkStep({
  network,
  switcher,
  busy = false,
}: {
  network: Network
  switcher: ReturnType<typeof useSwitchNetwork>
  busy?: boolean
}) {
  return (
    <>
      <p className="muted">Your wallet is on another network. Payment for this option is on {network.name}.</p>
      <button className="primary big" disabled={busy || switcher.isPending} onClick={() => switcher.mutate(network)}>
        {switcher.isPending ? 'Switching… confirm in your wallet' : `Switch to ${network.name}`}
      </button>
    </>
  )
}
