import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The JavaScript a browser must fetch before the checkout can paint: the entry script of the
 * built index.html and every chunk it preloads (its static imports), gzip-compressed at the
 * level servers commonly use (6), and as the server sends them for br (the build's .br files).
 * Lazy chunks (the toolkit) are not on the critical path.
 */
export function checkoutCriticalPath(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1])
  const chunks = [...new Set(files)].map((file) => {
    const bytes = readFileSync(join(distDir, file.replace(/^\//, '')))
    // What the server sends for Accept-Encoding: br: the build's .br file (vite.config.ts), else the file.
    const br = join(distDir, `${file.replace(/^\//, '')}.br`)
    const brBytes = existsSync(br) ? readFileSync(br).length : bytes.length
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length, br: brBytes }
  })
  const sum = (key) => chunks.reduce((s, c) => s + c[key], 0)
  return { chunks, bytes: sum('bytes'), gzip: sum('gzip'), br: sum('br') }
}
