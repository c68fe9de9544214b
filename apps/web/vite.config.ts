import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// The server serves the built app; `vite` (npm run dev -w @paylink/web) proxies the API to it.
const api = process.env.PAYLINK_API ?? 'http://127.0.0.1:3000'

// `npm run build:baseline`: the same app with AppKit imported in the entry, as a default
// integration does, for `npm run bench` to compare against. Never served to users.
const baseline = process.env.PAYLINK_BUILD === 'baseline'
const eagerKit = fileURLToPath(new URL('./src/appkit/loadKitModule.eager.ts', import.meta.url))

function eagerToolkit(): Plugin {
  return {
    name: 'paylink-eager-toolkit',
    enforce: 'pre',
    resolveId(source) {
      if (/(^|\/)loadKitModule\.js$/.test(source)) return eagerKit
      return null
    },
    // A default integration has no server-written first screen either: without the marker the
    // server sends index.html as it is.
    transformIndexHtml: (html) => html.replace('<!--paylink-checkout-shell-->', ''),
  }
}

export default defineConfig({
  plugins: [react(), ...(baseline ? [eagerToolkit()] : [])],
  server: { proxy: { '/api': api, '/devnet': api } },
  build: { sourcemap: true, chunkSizeWarningLimit: 2000, outDir: baseline ? 'dist-baseline' : 'dist' },
})
