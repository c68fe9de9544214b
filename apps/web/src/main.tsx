import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installHostGuard } from './appkit/hostGuard.js'
import { App } from './App.js'
import './styles.css'

installHostGuard({ timeoutMs: 3000 })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
