import { webFamilies } from '@paylink/chains/web'
import { useAppKit, useDisconnect } from '@reown/appkit/react'
import { useLayoutEffect, useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { namespaceOf } from '../../appkit/networks.js'
import { lastConnectError, useToolkitActivity } from '../../appkit/toolkitActivity.js'
import { useConnectedFamilies } from '../../wallet/useConnectedFamilies.js'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { NamespacePanel } from './NamespacePanel.js'
import { takeFocusAtRest } from './WalletAtRest.js'
import { namespaceLabels } from './walletNamespace.js'
import { ErrorText } from '../../components/ErrorText.js'

function OverallStatus() {
  const connected = Object.values(useConnectedFamilies()).some(Boolean)
  const { open } = useAppKit()
  const { disconnect } = useDisconnect()
  const [error, setError] = useState<string | null>(null)
  const connectError = lastConnectError(useToolkitActivity().events)
  return (
    <div className="overall">
      <p>
        Overall: <strong data-testid="overall-status">{connected ? 'connected' : 'disconnected'}</strong>
      </p>
      <div className="actions">
        {!connected && (
          <button className="primary" onClick={() => open({ view: 'Connect' })}>
            Connect a wallet
          </button>
        )}
        {connected && (
          <button onClick={() => disconnect().catch((e) => setError(describeWalletError(e)))}>Disconnect all</button>
        )}
      </div>
      <ErrorText error={error} />
      {!connected && connectError && (
        <p role="alert" className="error" data-testid="connect-error">
          Could not connect: {describeWalletError({ message: connectError })}
        </p>
      )}
    </div>
  )
}

/** Everything on /wallet that needs the toolkit: loaded lazily so the heading paints without it. */
export function WalletPanels() {
  const config = usePaylinkConfig()
  const namespaces = webFamilies
    .map((family) => family.namespace)
    .filter((ns) => config.networks.some((n) => namespaceOf(n) === ns))
  useLayoutEffect(() => takeFocusAtRest(document.querySelector('main'))?.focus(), [])
  return (
    <>
      <OverallStatus />
      <div className="panels">
        {namespaces.map((ns) => (
          <NamespacePanel key={ns} namespace={ns} />
        ))}
      </div>
      {namespaces.length === 0 && <p>No networks are configured ({Object.values(namespaceLabels).join(', ')}).</p>}
    </>
  )
}
