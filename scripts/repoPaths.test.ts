import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// A file that names a path outside the repository works on one machine only: a clone has no such
// folder and `npm test` fails there (issue 12). This test reads every source, config and data file
// under the folders below and lists each line that names such a path.
const repoRoot = resolve(import.meta.dirname, '..')
const scanned = ['apps', 'packages', 'e2e', 'bench', 'scripts']
const skippedFolders = new Set(['node_modules', 'dist', 'dist-baseline', '.data', 'test-results', 'playwright-report'])
const textFile = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|html|css)$/
const self = resolve(import.meta.filename)

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) yield* filesUnder(path)
    } else if (textFile.test(entry.name) && path !== self) {
      yield path
    }
  }
}

/** A string literal that starts at the root of this machine's home, work or scratch folders. */
const machinePath = /['"`](\/(?:work|home|tmp|root|Users|mnt|var\/tmp)\/[^'"`]*)/g
/** A relative string literal: `./x`, `../x`. */
const relativePath = /['"`]((?:\.\.?\/)+[^'"`\s]*)/g

export function outsidePaths(file: string, text: string): string[] {
  const found: string[] = []
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    const where = `${relative(repoRoot, file)}:${index + 1}`
    for (const match of line.matchAll(machinePath)) found.push(`${where}: ${match[1]}`)
    for (const match of line.matchAll(relativePath)) {
      const literal = match[1]!
      const target = resolve(dirname(file), literal)
      const escapes = target !== repoRoot && !target.startsWith(repoRoot + sep)
      // A `shared` folder one level up was where vectors lived beside the checkout; inside the repo it only counts if it exists.
      const missingShared =
        /(^|\/)\.\.\/shared(\/|$)/.test(literal) && !existsSync(target) && !existsSync(target.replace(/\.js$/, '.ts'))
      if (escapes || missingShared) found.push(`${where}: ${literal}`)
    }
  })
  return found
}

describe('no file names a path outside the repository', () => {
  it('finds the kinds of path it is meant to find', () => {
    // The samples are put together from parts, so this file itself names no such path.
    const machine = ['', 'work', 'shared', 'vectors', 'siwe'].join('/')
    const scratch = ['', 'tmp', 'x'].join('/')
    const beside = ['..', 'shared', 'vectors', 'a.json'].join('/')
    const file = join(repoRoot, 'apps/server/src/example.ts')
    expect(
      outsidePaths(
        file,
        [
          `const a = '${machine}'`,
          `const b = \`${scratch}\``,
          "const c = '../../../../x'",
          "import x from './y.js'",
        ].join('\n'),
      ),
    ).toEqual([
      `apps/server/src/example.ts:1: ${machine}`,
      `apps/server/src/example.ts:2: ${scratch}`,
      'apps/server/src/example.ts:3: ../../../../x',
    ])
    expect(outsidePaths(join(repoRoot, 'bench/x.ts'), `readFileSync('${beside}')`)).toEqual([`bench/x.ts:1: ${beside}`])
  })

  it(`apps/, packages/, e2e/, bench/ and scripts/ name none`, () => {
    const files = scanned.flatMap((folder) => [...filesUnder(join(repoRoot, folder))])
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap((file) => outsidePaths(file, readFileSync(file, 'utf8')))).toEqual([])
  })
})
