import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { precompileMessages } from './src/i18n/precompileMessages.js'

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

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
const textFile = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/

/**
 * A .br (quality 11) and a .gz (level 9) beside every text file of the build, made once here so
 * the server sends them as they are (@fastify/static's preCompressed) instead of compressing each
 * answer or, as before, sending them uncompressed. An encoding that does not make the file smaller
 * is not written; the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'paylink-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => textFile.test(f))
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file)
          const data = await readFile(path)
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
              },
            }),
            gzipped(data, { level: 9 }),
          ])
          if (br.byteLength < data.byteLength) await writeFile(`${path}.br`, br)
          if (gz.byteLength < data.byteLength) await writeFile(`${path}.gz`, gz)
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [react(), precompileMessages(), precompress(), ...(baseline ? [eagerToolkit()] : [])],
  server: { proxy: { '/api': api, '/devnet': api } },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    outDir: baseline ? 'dist-baseline' : 'dist',
    rollupOptions: {
      output: {
        // The chain adapters' chunks by name (their own would be "react" and "index"), so a test can
        // tell that a checkout asked only for the adapters of its link's families.
        chunkFileNames: (chunk) => {
          const adapter = /@reown\/appkit-adapter-(solana|bitcoin)\//.exec(chunk.facadeModuleId ?? '')
          return adapter ? `assets/appkit-adapter-${adapter[1]}-[hash].js` : 'assets/[name]-[hash].js'
        },
      },
    },
  },
})
