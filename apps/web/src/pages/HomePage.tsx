import { Link } from 'react-router-dom'
import { usePaylinkConfig } from '../appkit/PaylinkProvider.js'

/** What Paylink is, and the two ways in: sell (the dashboard) or, in the demo, try the wallet side. */
export function HomePage() {
  const config = usePaylinkConfig()
  return (
    <main className="page home">
      <h1>Crypto payment links, paid straight to your wallet</h1>
      <p className="lead">
        Paylink is a self-hosted, non-custodial checkout. Create a payment link, share its URL or QR code, and your customer pays from any wallet. Funds go from payer to you
        directly: this server never holds a key. It watches the chain and tells you, by webhook, once the payment is confirmed.
      </p>
      <p className="home-actions">
        <Link className="button primary" to="/dashboard">
          Create a payment link
        </Link>
        <Link className="button" to="/wallet">
          Open the wallet page
        </Link>
      </p>
      {config.demo && (
        <section className="card" aria-labelledby="demo-title">
          <h2 id="demo-title">Try the demo</h2>
          <p>
            This instance runs local test networks and the <strong>Paylink Dev Wallet</strong>, a built-in wallet funded with test ETH and Test USD: no browser extension, no real
            money. Sign in on the dashboard with the Dev Wallet, create a link, then open its pay URL in a private window and pay it.
          </p>
        </section>
      )}
      <section aria-labelledby="networks-title">
        <h2 id="networks-title">Networks</h2>
        <ul className="network-list">
          {config.networks.map((n) => (
            <li key={n.caipNetworkId}>
              {n.name}
              {n.testnet && <span className="dash-muted"> (test network)</span>}
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}
