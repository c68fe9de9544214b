import { dirname } from 'node:path'
import { buildSync } from 'esbuild'

/**
 * Bundles `exportName` of the module at `sourcePath` for the browser, as a page would get it (an
 * esbuild IIFE, no Node globals but `global` read as `globalThis`) that sets it on `globalThis`:
 * the code a test runs in a bare vm window to prove the module needs no Node built-in.
 */
export function bundleForBrowser(sourcePath: string, exportName: string): string {
  const result = buildSync({
    stdin: {
      contents: `import { ${exportName} } from ${JSON.stringify(sourcePath)}\n;(globalThis as any).${exportName} = ${exportName}\n`,
      resolveDir: dirname(sourcePath),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    define: { global: 'globalThis' },
    write: false,
    logLevel: 'error',
  })
  return result.outputFiles[0]!.text
}
