// First: the modules below may touch storage as they load (see the file).
import './embed/storageFallback.js'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installHostGuard } from './appkit/hostGuard.js'
import { queryClient } from './appkit/PaylinkProvider.js'
import { loadKitModule } from './appkit/loadKitModule.js'
import { kitWantedAtStart } from './appkit/needsKitAtOnce.js'
import { prefetchLink } from './pages/pay/prefetchLink.js'
import { readCheckoutBoot } from './pages/pay/readCheckoutBoot.js'
import { App } from './App.js'
import './styles.css'

installHostGuard({ timeoutMs: 3000 })
if (!readCheckoutBoot(queryClient)) prefetchLink(queryClient, window.location.pathname)
// The toolkit's download overlaps the configuration request on pages that need it at once, and
// where AppKit has a connection to restore (the home page, the checkout and the wallet page otherwise
// wait for a press).
if (kitWantedAtStart(window.location.pathname)) void loadKitModule().catch(() => undefined)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
