import { NavLink, useLocation } from 'react-router-dom'

/**
 * Paylink's name, the pages, and the toolkit's own account/connect and network buttons. Not on a
 * checkout: a payer sees the merchant there (pages/pay/PayHeader.tsx), not the operator's menu.
 */
export function Header() {
  const { pathname } = useLocation()
  if (pathname.startsWith('/pay/')) return null
  return (
    <header className="site-header">
      <NavLink to="/" className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} /> <span className="brand-name">Paylink</span>
      </NavLink>
      <nav aria-label="Main">
        <NavLink to="/wallet">Wallet</NavLink>
        <NavLink to="/dashboard">Dashboard</NavLink>
        <NavLink to="/toolkit">Toolkit</NavLink>
      </nav>
      <div className="wallet-buttons">
        <appkit-network-button />
        {/* No balance: the header stays one line on a phone; the wallet page shows balances. */}
        <appkit-button balance="hide" />
      </div>
    </header>
  )
}
