import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installHostGuard } from './appkit/hostGuard.js'
import { queryClient } from './appkit/PaylinkProvider.js'
import { prefetchLink } from './pages/pay/prefetchLink.js'
import { App } from './App.js'
import './styles.css'

installHostGuard({ timeoutMs: 3000 })
prefetchLink(queryClient, window.location.pathname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
