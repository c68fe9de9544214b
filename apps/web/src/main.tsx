import { StrictMode, startTransition } from 'react'
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

// A transition renders in slices of a few milliseconds, so the first render is not one long task
// on a slow phone (issue #32: 285 ms at Lighthouse's 4x CPU). The server-written page stays on
// screen until the commit, so the payer sees the facts throughout.
const root = createRoot(document.getElementById('root')!)
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
