import { BrowserRouter, Link, Route, Routes } from 'react-router-dom'
import { PaylinkProvider } from './appkit/PaylinkProvider.js'
import { Header } from './components/Header.js'
import { HomePage } from './pages/HomePage.js'
import { WalletPage } from './pages/wallet/WalletPage.js'

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
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/wallet" element={<WalletPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </PaylinkProvider>
    </BrowserRouter>
  )
}
