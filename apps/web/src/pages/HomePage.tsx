import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { createDemoLink } from '../api/demoLink.js'
import { usePaylinkConfig } from '../appkit/PaylinkProvider.js'

/** What Paylink is, and the two ways in: sell (the dashboard) or, in the demo, pay a demo link as a customer would. */
export function HomePage() {
  const config = usePaylinkConfig()
  return (
    <main className="page home">
      <h1>Crypto payment links, paid straight to your wallet</h1>
      <p className="lead">
        Paylink is a self-hosted, non-custodial checkout. Create a payment link, share its URL or QR code, and your
        customer pays from any wallet. Funds go from payer to you directly: this server never holds a key. It watches
        the chain and tells you, by webhook, once the payment is confirmed.
      </p>
      <div className="home-actions">
        <Link className="button primary" to="/dashboard">
          Create a payment link
        </Link>
        {config.demo && <TryDemoLink />}
      </div>
      {config.demo && (
        <section className="card" aria-labelledby="demo-title">
          <h2 id="demo-title">Try the demo</h2>
          <p>
            This instance runs local test networks and the <strong>Paylink Dev Wallet</strong>, a built-in wallet funded
            with test ETH and Test USD: no browser extension, no real money. <strong>Try paying a demo link</strong>{' '}
            opens a fresh 12 Test USD link of the Paylink Demo Shop: connect the Dev Wallet and pay it, as a customer
            would. Or sign in on the dashboard with the Dev Wallet, create your own link, and open its pay URL in a
            private window. The <Link to="/wallet">wallet page</Link> shows the Dev Wallet&apos;s balances and gets more
            test funds.
          </p>
        </section>
      )}
      <section aria-labelledby="networks-title">
        <h2 id="networks-title">Networks</h2>
        <ul className="network-list">
          {config.networks.map((n) => {
            const symbols = config.assets.filter((a) => a.caipNetworkId === n.caipNetworkId).map((a) => a.symbol)
            return (
              <li key={n.caipNetworkId}>
                {n.name}
                {symbols.length > 0 && <span className="dash-muted">: {symbols.join(', ')}</span>}
                {n.testnet && <span className="dash-muted"> (test network)</span>}
              </li>
            )
          })}
        </ul>
      </section>
    </main>
  )
}

/**
 * Demo only: asks the server for a fresh link of the demo shop (one per visitor: a link someone
 * else paid would already say Paid) and opens its checkout.
 */
function TryDemoLink() {
  const navigate = useNavigate()
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const open = () => {
    setState({ busy: true, error: null })
    createDemoLink().then(
      (link) => navigate(link.payPath),
      (error: unknown) => setState({ busy: false, error: error instanceof Error ? error.message : String(error) }),
    )
  }
  return (
    <>
      <button type="button" className="button" onClick={open} disabled={state.busy} aria-busy={state.busy}>
        {state.busy ? 'Making a demo link…' : 'Try paying a demo link'}
      </button>
      {state.error && (
        <p role="alert" className="error home-actions-error">
          The demo link could not be made: {state.error} <button onClick={open}>Try again</button>
        </p>
      )}
    </>
  )
}
