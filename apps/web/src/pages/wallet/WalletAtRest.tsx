import { useState } from 'react'
import { usePaylinkContext } from '../../appkit/PaylinkProvider.js'
import { openWhenStarted } from '../../appkit/openWhenStarted.js'
import { namespaceLabels, type WalletNamespace } from './walletNamespace.js'
import { ErrorText } from '../../components/ErrorText.js'

const walletNamespaces = Object.keys(namespaceLabels) as WalletNamespace[]

/**
 * The label of the at-rest button that last had focus. Focusing a Connect button starts the
 * toolkit, whose panels then replace this view: WalletPanels puts focus back on the button of the
 * same name, so a keyboard visitor is not dropped at the top of the page.
 */
let focusedLabel: string | null = null

/** The button of the panels that stands where the focused at-rest button stood, if focus was lost with it. */
export function takeFocusAtRest(container: ParentNode | null): HTMLButtonElement | null {
  const label = focusedLabel
  focusedLabel = null
  if (!label || !container || (document.activeElement && document.activeElement !== document.body)) return null
  return [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) ?? null
}

/**
 * The wallet page as a visitor without a connection first sees it: every configured chain
 * disconnected, with its Connect buttons, drawn without the toolkit. A press on a button loads
 * the toolkit (watchWalletIntent.ts) and its click opens AppKit's Connect view once AppKit has
 * started; the page then shows the toolkit's own panels (WalletPanels.tsx) in this one's place.
 * The test ids are the panels' own, so "disconnected" reads the same before and after.
 */
export function WalletAtRest({ onConnect }: { onConnect(): void }) {
  const { config, kitError, requestKit } = usePaylinkContext()
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const namespaces = walletNamespaces.filter((ns) => config.networks.some((n) => n.caipNetworkId.startsWith(`${ns}:`)))
  const connect = async (namespace?: WalletNamespace) => {
    setOpening(true)
    setError(null)
    onConnect()
    try {
      await openWhenStarted(requestKit(), namespace ? { view: 'Connect', namespace } : { view: 'Connect' })
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setOpening(false)
    }
  }
  const failure = kitError ?? error
  return (
    <>
      <div className="overall">
        <p>
          Overall: <strong data-testid="overall-status">disconnected</strong>
        </p>
        <div className="actions">
          <button
            className="primary"
            data-wallet-control
            disabled={opening}
            onFocus={() => (focusedLabel = 'Connect a wallet')}
            onClick={() => connect()}
          >
            {opening ? 'Opening…' : 'Connect a wallet'}
          </button>
        </div>
        <ErrorText error={failure && `The wallet toolkit failed to start: ${failure}`} />
      </div>
      <div className="panels">
        {namespaces.map((namespace) => (
          <section
            key={namespace}
            className="card panel"
            aria-labelledby={`${namespace}-title`}
            data-testid={`panel-${namespace}`}
          >
            <header className="panel-head">
              <h2 id={`${namespace}-title`}>{namespaceLabels[namespace]}</h2>
              <span className="status status-disconnected" data-testid={`status-${namespace}`}>
                disconnected
              </span>
            </header>
            <div className="empty">
              <p>No {namespaceLabels[namespace]} wallet connected.</p>
              <button
                data-wallet-control
                disabled={opening}
                onFocus={() => (focusedLabel = `Connect ${namespaceLabels[namespace]} wallet`)}
                onClick={() => connect(namespace)}
              >
                Connect {namespaceLabels[namespace]} wallet
              </button>
            </div>
          </section>
        ))}
      </div>
      {namespaces.length === 0 && <p>No networks are configured ({Object.values(namespaceLabels).join(', ')}).</p>}
    </>
  )
}
