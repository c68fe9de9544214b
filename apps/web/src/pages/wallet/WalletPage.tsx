import { lazy, Suspense } from 'react'
import { WalletGate } from '../../appkit/PaylinkProvider.js'

// The heading and intro paint from the light chunk; the panels (wagmi, viem, AppKit hooks) come
// with the toolkit, the polyfill first as the toolkit needs it.
const WalletPanels = lazy(() =>
  import('../../polyfills.js').then(() => import('./WalletPanels.js')).then((m) => ({ default: m.WalletPanels })),
)

export function WalletPage() {
  return (
    <main className="page wallet">
      <h1>Wallet</h1>
      <p className="lead">
        Your connection on each chain, balances on every network Paylink knows, and the tools to switch networks, sign
        and send. Nothing here leaves your wallet without your approval.
      </p>
      <WalletGate>
        <Suspense
          fallback={
            <p className="page-status" role="status">
              Loading the wallet toolkit…
            </p>
          }
        >
          <WalletPanels />
        </Suspense>
      </WalletGate>
    </main>
  )
}
