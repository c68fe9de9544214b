import { chainNamespaceOf } from '@paylink/chains/facts'
import { lazy, Suspense, useState, type ComponentProps } from 'react'
import { usePaylinkContext } from '../../appkit/PaylinkProvider.js'
import { loadKitModule } from '../../appkit/loadKitModule.js'
import { useT } from '../../i18n/useT.js'
import { ConnectPrompt } from '../pay/ConnectPrompt.js'

const CollectorWallet = lazy(() =>
  loadKitModule()
    .then(() => import('./CollectorWallet.js'))
    .then((m) => ({ default: m.CollectorWallet })),
)

/** Before the toolkit is there, Connect (which loads it and opens the network's family view); then the wallet's action. */
export function WalletStep(props: ComponentProps<typeof CollectorWallet>) {
  const { kit, kitError, requestKit } = usePaylinkContext()
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { t } = useT()
  if (kitError)
    return (
      <p role="alert" className="error">
        {t('wallet.kitFailed', { error: kitError })}
      </p>
    )
  const connect = (
    <ConnectPrompt
      busy={opening}
      error={error}
      onConnect={async () => {
        setOpening(true)
        setError(null)
        try {
          await (
            await requestKit()
          ).appKit.open({ view: 'Connect', namespace: chainNamespaceOf(props.network.caipNetworkId)! })
        } catch (e) {
          setError((e as Error).message)
        } finally {
          setOpening(false)
        }
      }}
    />
  )
  if (!kit) return connect
  return (
    <Suspense fallback={connect}>
      <CollectorWallet {...props} />
    </Suspense>
  )
}
