import { NavLink } from 'react-router-dom'

/** Paylink's name, the pages, and the toolkit's own account/connect and network buttons. */
export function Header() {
  return (
    <header className="site-header">
      <NavLink to="/" className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} /> Paylink
      </NavLink>
      <nav aria-label="Main">
        <NavLink to="/wallet">Wallet</NavLink>
        <NavLink to="/dashboard">Dashboard</NavLink>
        <NavLink to="/toolkit">Toolkit</NavLink>
      </nav>
      <div className="wallet-buttons">
        <appkit-network-button />
        <appkit-button />
      </div>
    </header>
  )
}
