import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '../../../../..')
const table = readFileSync(resolve(repo, 'docs/spec-coverage.md'), 'utf8')

interface Row {
  id: string
  statement: string
  status: string
  proofs: { file: string; name: string }[]
}

function parseRows(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| \d+\.\d+ \|/.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim())
      const [id, statement, , status, proof] = cells as [string, string, string, string, string]
      const proofs = [...proof.matchAll(/`([^`]+)` › «([^»]+)»/g)].map(([, file, name]) => ({ file: file!, name: name! }))
      return { id, statement, status, proofs }
    })
}

/** A test is named in its file as the first argument of test(...) or it(...), in any quote style. */
function namesTest(source: string, name: string): boolean {
  return ["'", '"', '`'].some((q) => source.includes(`${q}${name}${q}`))
}

describe('docs/spec-coverage.md', () => {
  const rows = parseRows(table)

  it('has a row for every section of the spec, each with a known status', () => {
    expect(rows.length).toBeGreaterThanOrEqual(70)
    expect(new Set(rows.map((r) => r.id.split('.')[0]))).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9']))
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    for (const row of rows) expect(row.status, row.id).toMatch(/^(Proven|Cannot run here|Nothing to prove)/)
  })

  it('says at its top how many rows have each status', () => {
    const summary = /\*\*Summary:\*\* (\d+) statements: (\d+) Proven\b.*?, (\d+) Cannot run here, (\d+) Nothing to prove\./.exec(table)
    expect(summary, 'the summary line').not.toBeNull()
    const count = (prefix: string) => rows.filter((r) => r.status.startsWith(prefix)).length
    expect(summary!.slice(1).map(Number)).toEqual([rows.length, count('Proven'), count('Cannot run here'), count('Nothing to prove')])
  })

  it('names at least one test for every row that has something to prove', () => {
    for (const row of rows) {
      if (row.status.startsWith('Nothing to prove')) expect(row.proofs, row.id).toEqual([])
      else expect(row.proofs.length, `${row.id} ${row.statement}`).toBeGreaterThan(0)
    }
  })

  it('names only test files and test names that exist', () => {
    const missing: string[] = []
    for (const row of rows) {
      for (const { file, name } of row.proofs) {
        const path = resolve(repo, file)
        if (!existsSync(path)) missing.push(`${row.id}: no file ${file}`)
        else if (!namesTest(readFileSync(path, 'utf8'), name)) missing.push(`${row.id}: no test «${name}» in ${file}`)
      }
    }
    expect(missing).toEqual([])
  })
})
