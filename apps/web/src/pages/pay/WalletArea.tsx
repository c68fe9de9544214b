import type { Link } from '@paylink/shared'
import { lazy, Suspense, useState } from 'react'
import { usePaylinkContext } from '../../appkit/PaylinkProvider.js'
import { loadKitModule } from '../../appkit/loadKitModule.js'
import { ConnectPrompt } from './ConnectPrompt.js'
import { NamespaceChooser } from './NamespaceChooser.js'
import { connectLabel, connectNamespace, payNamespaces, type PayNamespace } from './payNamespaces.js'
import { useT } from '../../i18n/useT.js'

// The wallet half of the checkout comes with the toolkit, after the facts are on screen.
const PayWithWallet = lazy(() =>
  loadKitModule()
    .then(() => import('./PayWithWallet.js'))
    .then((m) => ({ default: m.PayWithWallet })),
)

/**
 * Before the toolkit is there, a Connect button (for the chain family of the link's options, the
 * payer's pick when there are several) that loads it at once when clicked (the idle prefetch has
 * usually finished by then); afterwards, the toolkit-driven payment form.
 */
export function WalletArea({ link, waiting }: { link: Link; waiting: boolean }) {
  const { kit, kitError, requestKit } = usePaylinkContext()
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [picked, setPicked] = useState<PayNamespace | null>(null)
  const { t } = useT()
  const namespaces = payNamespaces(link.options)
  const namespace = connectNamespace(namespaces, picked)
  const connect = (
    <>
      {namespaces.length > 1 && (
        <NamespaceChooser link={link} namespaces={namespaces} value={namespace} onChange={setPicked} />
      )}
      <ConnectPrompt
        busy={opening}
        error={error}
        label={connectLabel(namespaces, namespace)}
        onConnect={async () => {
          setOpening(true)
          setError(null)
          try {
            const loaded = await requestKit()
            await loaded.appKit.open({ view: 'Connect', namespace })
          } catch (e) {
            setError((e as Error).message)
          } finally {
            setOpening(false)
          }
        }}
      />
    </>
  )
  if (kitError) {
    return (
      <p role="alert" className="error">
        {t('wallet.kitFailed', { error: kitError })}{' '}
        <button onClick={() => window.location.reload()}>{t('common.reload')}</button>
      </p>
    )
  }
  if (!kit) return connect
  return (
    <Suspense fallback={connect}>
      <PayWithWallet link={link} waiting={waiting} namespace={picked} onNamespace={setPicked} />
    </Suspense>
  )
}
