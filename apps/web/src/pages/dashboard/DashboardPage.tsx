import { useAppKit, useAppKitAccount } from '@reown/appkit/react'
import { usePaylinkConfig, WalletGate } from '../../appkit/PaylinkProvider.js'
import { OperatorNotice } from '../../components/OperatorNotice.js'
import { useSession } from '../../api/useSession.js'
import { useSiwxWhileMounted } from '../../appkit/useSiwxWhileMounted.js'
import { useStartSignIn } from '../../appkit/useStartSignIn.js'
import { SignedInView } from './SignedInView.js'

function SignInPrompt() {
  const { open } = useAppKit()
  const { isConnected } = useAppKitAccount()
  const startSignIn = useStartSignIn()
  return (
    <section className="card" aria-labelledby="signin-title">
      <h2 id="signin-title">Sign in with your wallet</h2>
      <p>
        The dashboard is for merchants. Connect a wallet and sign a short message: it proves the address is yours, costs
        nothing and sends no transaction. Paylink's server checks the signature and keeps your session; nothing is
        stored in the browser but a cookie.
      </p>
      {isConnected ? (
        <button className="primary" onClick={startSignIn}>
          Sign in
        </button>
      ) : (
        <button className="primary" onClick={() => open({ view: 'Connect' })}>
          Connect a wallet
        </button>
      )}
    </section>
  )
}

function Dashboard() {
  useSiwxWhileMounted()
  const session = useSession()
  if (session.isPending) return <p role="status">Checking your session…</p>
  if (session.isError)
    return (
      <p role="alert" className="error">
        {session.error.message}
      </p>
    )
  return session.data ? <SignedInView me={session.data} /> : <SignInPrompt />
}

export function DashboardPage() {
  return (
    <main className="page dashboard">
      <h1>Dashboard</h1>
      <WalletGate>
        <Dashboard />
      </WalletGate>
      {/* After the links: on a phone the merchant's links come first; this is for whoever runs the instance. */}
      <OperatorNotice config={usePaylinkConfig()} />
    </main>
  )
}
