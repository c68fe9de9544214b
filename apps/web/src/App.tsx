import { lazy, Suspense, type ReactNode } from 'react'
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom'
import { PaylinkProvider } from './appkit/PaylinkProvider.js'
import { Header } from './components/Header.js'
import { HomePage } from './pages/HomePage.js'
import { PayPage } from './pages/pay/PayPage.js'
import { PayerLanguage } from './i18n/PayerLanguage.js'

// Pages that live on the toolkit come in their own chunks (the polyfill first, as the toolkit
// needs it); the checkout and the home page are in the entry, so a payer's first paint waits
// for nothing else.
// The wallet page's own chunk is light (heading and intro); it loads its toolkit panels itself.
const WalletPage = lazy(() => import('./pages/wallet/WalletPage.js').then((m) => ({ default: m.WalletPage })))
const DashboardPage = lazy(() =>
  import('./polyfills.js')
    .then(() => import('./pages/dashboard/DashboardPage.js'))
    .then((m) => ({ default: m.DashboardPage })),
)
// The Bitcoin payer's refund page: rare, so not in the checkout's entry; its wallet half loads with the toolkit.
const RefundAddressPage = lazy(() =>
  import('./pages/pay/refund/RefundAddressPage.js').then((m) => ({ default: m.RefundAddressPage })),
)
// A subscription's payer pages: their own chunk, never on the checkout's first paint.
const SubscribePage = lazy(() =>
  import('./pages/subscribe/SubscribePage.js').then((m) => ({ default: m.SubscribePage })),
)
const ManageSubscriptionPage = lazy(() =>
  import('./pages/subscribe/ManageSubscriptionPage.js').then((m) => ({ default: m.ManageSubscriptionPage })),
)
// A shop device's till: its own chunk, so the checkout's first paint does not carry the keypad.
const PosPage = lazy(() => import('./pages/pos/PosPage.js').then((m) => ({ default: m.PosPage })))
const ToolkitPage = lazy(() =>
  import('./polyfills.js')
    .then(() => import('./pages/toolkit/ToolkitPage.js'))
    .then((m) => ({ default: m.ToolkitPage })),
)

function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </main>
  )
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="page-status" role="status">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  )
}

export function App() {
  return (
    <BrowserRouter>
      <PaylinkProvider>
        <Header />
        <Loading>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route
              path="/pay/:id"
              element={
                <PayerLanguage>
                  <PayPage />
                </PayerLanguage>
              }
            />
            <Route
              path="/pay/:id/refund"
              element={
                <PayerLanguage part="refund">
                  <RefundAddressPage />
                </PayerLanguage>
              }
            />
            <Route
              path="/subscribe/:planId"
              element={
                <PayerLanguage part="sub">
                  <SubscribePage />
                </PayerLanguage>
              }
            />
            <Route
              path="/subscriptions/:id"
              element={
                <PayerLanguage part="sub">
                  <ManageSubscriptionPage />
                </PayerLanguage>
              }
            />
            <Route
              path="/pos/:id"
              element={
                <PayerLanguage part="pos">
                  <PosPage />
                </PayerLanguage>
              }
            />
            <Route path="/wallet" element={<WalletPage />} />
            <Route path="/dashboard/*" element={<DashboardPage />} />
            <Route path="/toolkit" element={<ToolkitPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Loading>
      </PaylinkProvider>
    </BrowserRouter>
  )
}
