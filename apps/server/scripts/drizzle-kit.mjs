// Runs drizzle-kit with `drizzle-orm` resolved from apps/server: npm installed drizzle-orm
// under apps/server/node_modules while drizzle-kit sits at the root, and drizzle-kit's
// version check (`import('drizzle-orm/version')`) resolves from its own location.
// Usage (in apps/server): node scripts/drizzle-kit.mjs generate
import Module, { createRequire, register } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const hooks = `
const parentURL = ${JSON.stringify(new URL('../package.json', import.meta.url).href)}
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL })
  }
  return next(specifier, context)
}`
// ...and its require('drizzle-orm/...') calls go through NODE_PATH.
process.env.NODE_PATH = fileURLToPath(new URL('../node_modules', import.meta.url))
Module._initPaths()
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url)

// drizzle-kit exports neither bin.cjs nor package.json: find it the way node would.
const require = createRequire(new URL('../package.json', import.meta.url))
const dir = require.resolve.paths('drizzle-kit').find((p) => existsSync(join(p, 'drizzle-kit', 'bin.cjs')))
if (!dir) throw new Error('drizzle-kit is not installed')
const bin = join(dir, 'drizzle-kit', 'bin.cjs')
process.argv = [process.argv[0], bin, ...process.argv.slice(2)]
await import(pathToFileURL(bin).href)
