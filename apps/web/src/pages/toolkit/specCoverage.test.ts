import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '../../../../..')
const table = readFileSync(resolve(repo, 'docs/spec-coverage.md'), 'utf8')

interface Row {
  id: string
  statement: string
  status: string
  proofs: { file: string; title: string }[]
}

/** The statuses the document defines at its top, as lines "- Status `Name`: what it means". */
function definedStatuses(markdown: string): string[] {
  return [...markdown.matchAll(/^- Status `([^`]+)`: /gm)].map(([, name]) => name!)
}

function parseRows(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| \d+\.\d+ \|/.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim())
      const [id, statement, , status, proof] = cells as [string, string, string, string, string]
      const proofs = [...proof.matchAll(/`([^`]+)` › «([^»]+)»/g)].map(([, file, title]) => ({
        file: file!,
        title: title!,
      }))
      return { id, statement, status, proofs }
    })
}

// Child processes must not think they run inside this vitest worker.
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'TEST'),
  )
}

interface PlaywrightSuite {
  title: string
  file: string
  specs?: { title: string; file: string }[]
  suites?: PlaywrightSuite[]
}

/**
 * Every Playwright test's full title (describe blocks and test title joined by " › ", as the list
 * reporter prints it), by file relative to the repository. Templated titles appear once per instance.
 */
function playwrightTitles(): Map<string, Set<string>> {
  const out = execFileSync(
    process.execPath,
    [
      resolve(repo, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      'e2e/playwright.config.ts',
      '--list',
      '--reporter=json',
    ],
    {
      cwd: repo,
      env: childEnv(),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  const report = JSON.parse(out) as { config: { rootDir: string }; suites: PlaywrightSuite[] }
  const titles = new Map<string, Set<string>>()
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(repo, resolve(report.config.rootDir, spec.file))
      if (!titles.has(file)) titles.set(file, new Set())
      titles.get(file)!.add([...path, spec.title].join(' › '))
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  // The top-level suites are the files themselves; their title is not part of a test's title.
  for (const fileSuite of report.suites) walk(fileSuite, [])
  return titles
}

/** Every vitest test's full title in `files` (describe blocks and test title, joined by " › "). */
function vitestTitles(files: string[]): Map<string, Set<string>> {
  const dir = mkdtempSync(join(tmpdir(), 'spec-coverage-'))
  try {
    const json = join(dir, 'list.json')
    execFileSync(
      process.execPath,
      [resolve(repo, 'node_modules/vitest/vitest.mjs'), 'list', `--json=${json}`, ...files],
      { cwd: repo, env: childEnv(), stdio: 'ignore' },
    )
    const tests = JSON.parse(readFileSync(json, 'utf8')) as { name: string; file: string }[]
    const titles = new Map<string, Set<string>>()
    for (const test of tests) {
      const file = relative(repo, test.file)
      if (!titles.has(file)) titles.set(file, new Set())
      titles.get(file)!.add(test.name.split(' > ').join(' › '))
    }
    return titles
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('docs/spec-coverage.md', () => {
  const rows = parseRows(table)
  const statuses = definedStatuses(table)

  it('defines its statuses at the top and gives every row exactly one of them', () => {
    expect(statuses.length, 'the "- Status `Name`: meaning" lines').toBeGreaterThan(0)
    expect(rows.length).toBeGreaterThanOrEqual(70)
    expect(new Set(rows.map((r) => r.id.split('.')[0]))).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9']))
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    const unknown = rows.filter((r) => !statuses.includes(r.status)).map((r) => `${r.id}: «${r.status}»`)
    expect(unknown, `statuses must be exactly one of ${statuses.join(', ')}`).toEqual([])
  })

  it('says at its top how many rows have each status', () => {
    const summary = /^\*\*Summary:\*\* (\d+) statements: (.+)\.$/m.exec(table)
    expect(summary, 'the summary line').not.toBeNull()
    expect(Number(summary![1]), 'statements').toBe(rows.length)
    const said = Object.fromEntries(
      summary![2]!.split(', ').map((part) => {
        const [, count, status] = /^(\d+) (.+)$/.exec(part) ?? []
        return [status ?? part, Number(count)]
      }),
    )
    const counted = Object.fromEntries(
      statuses.map((status) => [status, rows.filter((r) => r.status === status).length]),
    )
    expect(said).toEqual(counted)
  })

  it('names at least one test for every row that has something to prove', () => {
    for (const row of rows) {
      if (row.status === 'Nothing to prove') expect(row.proofs, row.id).toEqual([])
      else expect(row.proofs.length, `${row.id} ${row.statement}`).toBeGreaterThan(0)
    }
  })

  describe('names only tests that exist, by their full title', () => {
    let playwright: Map<string, Set<string>>
    let vitest: Map<string, Set<string>>
    const proofs = rows.flatMap((row) => row.proofs.map((proof) => ({ row: row.id, ...proof })))

    beforeAll(() => {
      playwright = playwrightTitles()
      vitest = vitestTitles(
        [...new Set(proofs.filter((p) => p.file.endsWith('.test.ts')).map((p) => p.file))].filter((file) =>
          existsSync(resolve(repo, file)),
        ),
      )
    }, 120_000)

    it('every named file and full title is one the test runner lists', () => {
      const missing: string[] = []
      for (const { row, file, title } of proofs) {
        if (!existsSync(resolve(repo, file))) missing.push(`${row}: no file ${file}`)
        else if (!(file.endsWith('.spec.ts') ? playwright : vitest).get(file)?.has(title))
          missing.push(`${row}: ${file} lists no test «${title}»`)
      }
      expect(missing).toEqual([])
    })

    it('read each runner’s list (so an empty list cannot pass the check above)', () => {
      const specFiles = readdirSync(resolve(repo, 'e2e/specs')).filter((name) => name.endsWith('.spec.ts'))
      expect([...playwright.keys()].sort()).toEqual(specFiles.map((name) => `e2e/specs/${name}`).sort())
      for (const file of new Set(proofs.filter((p) => p.file.endsWith('.test.ts')).map((p) => p.file)))
        expect(vitest.get(file)?.size, file).toBeGreaterThan(0)
    })
  })
})
