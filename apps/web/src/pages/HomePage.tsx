import { Link } from 'react-router-dom'
import { usePaylinkConfig } from '../appkit/PaylinkProvider.js'

export function HomePage() {
  const config = usePaylinkConfig()
  return (
    <main className="page home">
      <h1>Crypto payment links, paid straight to your wallet</h1>
      <p className="lead">
        Paylink is a self-hosted, non-custodial checkout. A merchant signs in with a wallet and creates a payment link; a payer opens it, connects any wallet and pays. Funds go
        from payer to merchant directly: this server never holds a key. It watches the chain and tells the merchant once the payment is confirmed.
      </p>
      {config.demo ? (
        <section className="card" aria-labelledby="demo-title">
          <h2 id="demo-title">Try the demo</h2>
          <p>
            This instance runs a local devnet (
            {config.networks
              .filter((n) => n.caipNetworkId.startsWith('eip155:'))
              .map((n) => n.name)
              .join(', ')}
            ) and the <strong>Paylink Dev Wallet</strong>, a built-in wallet funded with 10,000 test ETH and 10,000 Test USD. No browser extension needed.
          </p>
          <Link className="button primary" to="/wallet">
            Open the wallet page
          </Link>
        </section>
      ) : (
        <Link className="button primary" to="/wallet">
          Open the wallet page
        </Link>
      )}
      <section aria-labelledby="networks-title">
        <h2 id="networks-title">Networks</h2>
        <ul className="network-list">
          {config.networks.map((n) => (
            <li key={n.caipNetworkId}>
              {n.name} <code>{n.caipNetworkId}</code>
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}
