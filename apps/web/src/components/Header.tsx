import { createElement, useState } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import { usePaylinkContext } from '../appkit/PaylinkProvider.js'
import { needsKitAtOnce } from '../appkit/needsKitAtOnce.js'
import { openWhenStarted } from '../appkit/openWhenStarted.js'

/**
 * Stands in the toolkit's account button until the toolkit is there: the home page and the wallet
 * page do not load it before it is wanted. A press (watchWalletIntent.ts) starts the download; the click opens the
 * toolkit's Connect view as soon as it has started. Once AppKit defines `<appkit-button>`, its
 * shadow root takes the place of this light-DOM child.
 */
function ConnectStandIn() {
  const { requestKit } = usePaylinkContext()
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <button
        type="button"
        className="kit-stand-in"
        data-wallet-control
        disabled={opening}
        onClick={async () => {
          setOpening(true)
          setError(null)
          try {
            await openWhenStarted(requestKit())
          } catch (e) {
            setError((e as Error).message)
          } finally {
            setOpening(false)
          }
        }}
      >
        {opening ? 'Opening…' : 'Connect Wallet'}
      </button>
      {error && (
        <span role="alert" className="error">
          The wallet toolkit failed to start: {error}
        </span>
      )}
    </>
  )
}

/**
 * Paylink's name, the pages, and the toolkit's own account/connect and network buttons. Not on a
 * checkout, a point of sale nor a subscription's payer pages: a payer sees the merchant there
 * (pages/pay/PayHeader.tsx), not the operator's menu.
 */
export function Header() {
  const { pathname } = useLocation()
  const { kit } = usePaylinkContext()
  if (/^\/(pay|pos|subscribe|subscriptions)\//.test(pathname)) return null
  // Where the toolkit starts with the page, its own button comes soon enough.
  const kitAtOnce = needsKitAtOnce(pathname)
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
        {/* No balance: the header stays one line on a phone; the wallet page shows balances. AppKit's JSX
            types allow no children on its elements; the stand-in is plain light DOM. */}
        {createElement('appkit-button', { balance: 'hide' }, kit || kitAtOnce ? null : <ConnectStandIn />)}
      </div>
    </header>
  )
}
