import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The JavaScript a browser must fetch before the checkout can paint: the entry script of the
 * built index.html and every chunk it preloads (its static imports), gzip-compressed at the
 * level servers commonly use (6). Lazy chunks (the toolkit) are not on the critical path.
 */
export function checkoutCriticalPath(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1])
  const chunks = [...new Set(files)].map((file) => {
    const bytes = readFileSync(join(distDir, file.replace(/^\//, '')))
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length }
  })
  return { chunks, bytes: chunks.reduce((s, c) => s + c.bytes, 0), gzip: chunks.reduce((s, c) => s + c.gzip, 0) }
}
