import type { Network } from '@paylink/shared'
import type { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { useT } from '../../i18n/useT.js'

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
  const { t } = useT()
  return (
    <>
      <p className="muted">{t('switch.explain', { network: network.name })}</p>
      <button className="primary big" disabled={busy || switcher.isPending} onClick={() => switcher.mutate(network)}>
        {switcher.isPending ? t('switch.pending') : t('switch.button', { network: network.name })}
      </button>
    </>
  )
}
