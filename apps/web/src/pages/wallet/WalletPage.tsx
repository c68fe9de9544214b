import { lazy, Suspense, useState } from 'react'
import { usePaylinkContext } from '../../appkit/PaylinkProvider.js'
import { hasSavedConnection } from '../../appkit/needsKitAtOnce.js'
import { WalletAtRest } from './WalletAtRest.js'

// The panels (wagmi, viem, AppKit hooks) come with the toolkit, the polyfill first as the toolkit needs it.
const loadWalletPanels = () =>
  import('../../polyfills.js').then(() => import('./WalletPanels.js')).then((m) => ({ default: m.WalletPanels }))
const WalletPanels = lazy(loadWalletPanels)

const loadingLine = (
  <p className="page-status" role="status">
    Loading the wallet toolkit…
  </p>
)

/**
 * A visitor without a saved connection sees every chain disconnected (WalletAtRest) without the
 * toolkit; it loads when they reach for a Connect button. A saved connection makes the toolkit
 * start with the page (needsKitAtOnce.ts), and the panels wait for it to show the account.
 */
export function WalletPage() {
  const { kit, kitError } = usePaylinkContext()
  const [restoring] = useState(hasSavedConnection)
  const atRest = (
    <WalletAtRest
      // The panels' chunk downloads beside the toolkit instead of after it.
      onConnect={() => void loadWalletPanels().catch(() => undefined)}
    />
  )
  return (
    <main className="page wallet">
      <h1>Wallet</h1>
      <p className="lead">
        Your connection on each chain, balances on every network Paylink knows, and the tools to switch networks, sign
        and send. Nothing here leaves your wallet without your approval.
      </p>
      {kit ? (
        <Suspense fallback={restoring ? loadingLine : atRest}>
          <WalletPanels />
        </Suspense>
      ) : restoring ? (
        kitError ? (
          <p className="page-status error" role="alert">
            The wallet toolkit failed to start: {kitError}
          </p>
        ) : (
          loadingLine
        )
      ) : (
        atRest
      )}
    </main>
  )
}
