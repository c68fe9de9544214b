import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The server serves the built app; `vite` (npm run dev -w @paylink/web) proxies the API to it.
const api = process.env.PAYLINK_API ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': api, '/devnet': api } },
  build: { sourcemap: true, chunkSizeWarningLimit: 2000 },
})
