/**
 * `npm run build` (after the web app): the server compiled to JavaScript, so `npm start` runs it
 * with plain `node` instead of through the tsx loader (about 35 MiB less RSS and no TypeScript
 * compile at each start). Two bundles in apps/server/dist: `main.js` (the server) and
 * `devnetProcess.js` (the demo's chains in their own process, see packages/devnet's
 * startDevnetProcess). Only our workspaces' TypeScript is bundled; every npm package stays an
 * import resolved from node_modules as before, except those a workspace keeps in its own
 * node_modules (another version than the hoisted one), which are bundled from there.
 */
import { existsSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const outdir = join(root, 'apps/server/dist')
// The bundles live in apps/server/dist: a package the server itself resolves from apps/server/node_modules resolves alike from there.
const ownModules = [
  join(root, 'packages/chains'),
  join(root, 'packages/devnet'),
  join(root, 'packages/shared'),
  join(root, 'apps/server'),
]

/** The package name of a bare import (`@scope/name/sub` -> `@scope/name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@paylink/')) return undefined
      const pkg = packageOf(args.path)
      const workspace = ownModules.find(
        (dir) => args.resolveDir.startsWith(dir + sep) && existsSync(join(dir, 'node_modules', pkg)),
      )
      return workspace ? undefined : { path: args.path, external: true }
    })
  },
}

// `--bench`: also the bench's server process (bench/lib/serverProcess.ts), measured as `npm start` runs.
const bench = process.argv.includes('--bench') ? { benchServer: 'bench/lib/serverProcess.ts' } : {}

await build({
  absWorkingDir: root,
  entryPoints: { main: 'apps/server/src/main.ts', devnetProcess: 'packages/devnet/src/devnetProcess.ts', ...bench },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Errors are named after their class (BaseError, DevnetError): a bundle that renamed a class on a
  // clash would rename the error, in logs and in the metrics' error kinds.
  keepNames: true,
  logLevel: 'warning',
  plugins: [externalPackages],
})
process.stdout.write(`built the server: ${join(outdir, 'main.js')}\n`)
