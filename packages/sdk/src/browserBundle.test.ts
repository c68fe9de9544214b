import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, it } from 'vitest'

// The main entry must run in a browser (public reads): bundled for the browser platform, any
// import of a Node built-in (node:crypto, Buffer's module, …) fails the build.
it('bundles for browsers without Node built-ins', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  expect(result.errors).toEqual([])
  const bytes = result.outputFiles[0]!.contents.byteLength
  // openapi-fetch and standardwebhooks (base64, SHA-256) and our layer: a few tens of KiB.
  expect(bytes).toBeLessThan(32 * 1024)
})
