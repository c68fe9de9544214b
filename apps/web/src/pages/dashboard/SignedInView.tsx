import { chainFacts } from '@paylink/chains/facts'
import { useAppKitAccount, useDisconnect } from '@reown/appkit/react'
import { useState } from 'react'
import { NavLink, Route, Routes, useLocation } from 'react-router-dom'
import { shortHex } from '@paylink/shared'
import { CopyButton } from '../../components/CopyButton.js'
import type { Me } from '@paylink/shared'
import { signOut } from '../../api/siwx.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { useRefreshSession } from '../../api/useSession.js'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { EventsPage } from './events/EventsPage.js'
import { ApiKeysPage } from './keys/ApiKeysPage.js'
import { BitcoinKeyPage } from './settings/BitcoinKeyPage.js'
import { ProfileSection } from './settings/ProfileSection.js'
import { EmbedOriginsSection } from './settings/EmbedOriginsSection.js'
import { DepositsPage } from './deposits/DepositsPage.js'
import { CreateLinkPage, type JustCreated } from './links/CreateLinkPage.js'
import { LinkPage } from './links/LinkPage.js'
import { LinksPage } from './links/LinksPage.js'
import { PaymentsPage } from './payments/PaymentsPage.js'
import { PaidUrlsPage } from './paidUrls/PaidUrlsPage.js'
import { PlansPage } from './plans/PlansPage.js'
import { SubscriptionsPage } from './plans/SubscriptionsPage.js'
import { UnmatchedPage } from './unmatched/UnmatchedPage.js'
import { DegradedNetworks } from './DegradedNetworks.js'
import { HaltedChains } from './HaltedChains.js'
import { LowX402Gas } from './LowX402Gas.js'

function AccountBar({ me }: { me: Me }) {
  const { disconnect } = useDisconnect()
  const { isConnected } = useAppKitAccount()
  const refresh = useRefreshSession()
  const { networks } = usePaylinkConfig()
  const [error, setError] = useState<string | null>(null)
  return (
    <section className="dash-account" aria-labelledby="session-title">
      <h2 id="session-title">Signed in</h2>
      <ul className="accounts" data-testid="signed-in-accounts">
        {me.accounts.map((a) => (
          <li key={`${a.caipNetworkId}:${a.address}`}>
            <code title={a.address}>
              <span className="dash-wide-only">{a.address}</span>
              <span className="dash-narrow-only" aria-hidden="true">
                {shortHex(a.address)}
              </span>
            </code>{' '}
            <span className="tag" title={a.caipNetworkId}>
              {networks.find((n) => n.caipNetworkId === a.caipNetworkId)?.name ?? a.namespace}
            </span>{' '}
            <CopyButton value={a.address} />
          </li>
        ))}
      </ul>
      <p className="dash-muted dash-session">
        Session valid until <time dateTime={me.expiresAt}>{new Date(me.expiresAt).toLocaleString()}</time>.
      </p>
      <button
        onClick={async () => {
          try {
            // Disconnecting makes AppKit call setSessions([]), which signs out on the server;
            // with no wallet connected there is nothing to disconnect, so sign out directly.
            if (isConnected) await disconnect()
            else await signOut()
          } catch (e) {
            setError(describeWalletError(e))
          } finally {
            await refresh()
          }
        }}
      >
        Sign out
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  )
}

function SettingsPage() {
  return (
    <>
      <ProfileSection />
      <BitcoinKeyPage />
      <EmbedOriginsSection />
    </>
  )
}

function DashboardNotFound() {
  return (
    <section className="card">
      <h2>Nothing here</h2>
      <p>
        This dashboard page does not exist. <NavLink to="/dashboard">Go to your payment links</NavLink>.
      </p>
    </section>
  )
}

/** The merchant dashboard: links, one link, a new link, deposits, events, API keys, settings (nested under /dashboard/*). */
export function SignedInView({ me }: { me: Me }) {
  const evmAddress = me.accounts.find((a) => a.namespace === chainFacts.eip155.namespace)?.address ?? ''
  // The webhook secret of a link just created lives only here, in memory: it is shown on
  // that link's page until the merchant leaves it, and never again.
  const [justCreated, setJustCreated] = useState<JustCreated | null>(null)
  const { pathname } = useLocation()
  // The form page sets it just before navigating to the link: keep it across that step. Dropped
  // while rendering (React's "adjust state on a prop change"), not in an effect, so no frame shows it.
  const keep = pathname.endsWith(`/links/${justCreated?.linkId}`) || pathname.endsWith('/links/new')
  if (justCreated && !keep) setJustCreated(null)

  return (
    <div className="dash">
      <AccountBar me={me} />
      <HaltedChains />
      <DegradedNetworks />
      <LowX402Gas />
      <nav className="dash-nav" aria-label="Dashboard">
        {/* A link's own page belongs to "Payment links"; the form has its own tab. */}
        <NavLink
          to="/dashboard"
          end
          className={({ isActive }) => (isActive || /\/links\/(?!new$)[^/]+$/.test(pathname) ? 'active' : '')}
        >
          Payment links
        </NavLink>
        <NavLink to="/dashboard/links/new">New link</NavLink>
        <NavLink to="/dashboard/payments">Payments</NavLink>
        <NavLink to="/dashboard/unmatched">Unmatched</NavLink>
        <NavLink to="/dashboard/events">Events</NavLink>
        <NavLink to="/dashboard/deposits">Deposits</NavLink>
        <NavLink to="/dashboard/paid-urls">Paid URLs</NavLink>
        <NavLink to="/dashboard/plans">Plans</NavLink>
        <NavLink to="/dashboard/subscriptions">Subscriptions</NavLink>
        <NavLink to="/dashboard/keys">API keys</NavLink>
        <NavLink to="/dashboard/settings">Settings</NavLink>
      </nav>
      <Routes>
        <Route index element={<LinksPage />} />
        <Route path="links/new" element={<CreateLinkPage defaultRecipient={evmAddress} onCreated={setJustCreated} />} />
        <Route
          path="links/:id"
          element={<LinkPage justCreated={justCreated} onSecretSaved={() => setJustCreated(null)} />}
        />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="unmatched" element={<UnmatchedPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="deposits" element={<DepositsPage />} />
        <Route path="paid-urls" element={<PaidUrlsPage />} />
        <Route path="plans" element={<PlansPage />} />
        <Route path="subscriptions" element={<SubscriptionsPage />} />
        <Route path="keys" element={<ApiKeysPage />} />
        {/* settings/bitcoin: the address the tab had before, kept for bookmarks. */}
        {['settings', 'settings/bitcoin'].map((path) => (
          <Route key={path} path={path} element={<SettingsPage />} />
        ))}
        <Route path="*" element={<DashboardNotFound />} />
      </Routes>
    </div>
  )
}
