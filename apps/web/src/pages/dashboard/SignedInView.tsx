import { useAppKitAccount, useDisconnect } from '@reown/appkit/react'
import { useState } from 'react'
import { CopyButton } from '../../components/CopyButton.js'
import type { Me } from '../../siwx/useSession.js'
import { useRefreshSession } from '../../siwx/useSession.js'
import { describeWalletError } from '../../wallet/walletErrors.js'

export function SignedInView({ me }: { me: Me }) {
  const { disconnect } = useDisconnect()
  const { isConnected } = useAppKitAccount()
  const refresh = useRefreshSession()
  const [error, setError] = useState<string | null>(null)
  return (
    <section className="card" aria-labelledby="session-title">
      <h2 id="session-title">Signed in</h2>
      <ul className="accounts" data-testid="signed-in-accounts">
        {me.accounts.map((a) => (
          <li key={`${a.caipNetworkId}:${a.address}`}>
            <code>{a.address}</code> <span className="tag">{a.caipNetworkId}</span> <CopyButton value={a.address} />
          </li>
        ))}
      </ul>
      <p>
        Session valid until <time dateTime={me.expiresAt}>{new Date(me.expiresAt).toLocaleString()}</time>.
      </p>
      <button
        onClick={async () => {
          try {
            // Disconnecting makes AppKit call setSessions([]), which signs out on the server;
            // with no wallet connected there is nothing to disconnect, so sign out directly.
            if (isConnected) await disconnect()
            else await fetch('/api/siwx/sessions', { method: 'PUT', body: '[]', headers: { 'content-type': 'application/json' } })
          } catch (e) {
            setError(describeWalletError(e))
          } finally {
            await refresh()
          }
        }}
      >
        Sign out
      </button>
      {error && <p role="alert" className="error">{error}</p>}
    </section>
  )
}
