import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

let cached: Promise<string> | undefined

/**
 * Bundles the test wallets (src/test-wallets/index.ts) into one IIFE for Playwright's
 * `page.addInitScript`. Built once per process.
 */
export function buildTestWalletBundle(): Promise<string> {
  cached ??= bundle().catch((error: unknown) => {
    cached = undefined
    throw error
  })
  return cached
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no test wallet bundle')
  return output.text
}
