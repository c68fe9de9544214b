import { BrowserRouter, Link, Route, Routes } from 'react-router-dom'
import { PaylinkProvider, WhenKitReady } from './appkit/PaylinkProvider.js'
import { SignOutOnDisconnect } from './siwx/SignOutOnDisconnect.js'
import { Header } from './components/Header.js'
import { DashboardPage } from './pages/dashboard/DashboardPage.js'
import { HomePage } from './pages/HomePage.js'
import { WalletPage } from './pages/wallet/WalletPage.js'
import { ToolkitPage } from './toolkit/ToolkitPage.js'

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

export function App() {
  return (
    <BrowserRouter>
      <PaylinkProvider>
        <Header />
        <WhenKitReady>
          <SignOutOnDisconnect />
        </WhenKitReady>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/wallet" element={<WalletPage />} />
          <Route path="/dashboard/*" element={<DashboardPage />} />
          <Route path="/toolkit" element={<ToolkitPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </PaylinkProvider>
    </BrowserRouter>
  )
}
