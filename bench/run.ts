/**
 * `npm run bench [-- --only <name>[,<name>…]]`: runs every section in bench/sections (each file
 * exports `default async function run(): Promise<BenchRow[]>`), prints one table and writes
 * bench/results.json. With --only, the other sections' last rows are kept in results.json, so
 * sections can be re-run one at a time. Exit code 1 when a row fails its budget.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { basename } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { formatTable, type BenchRow } from './table.js'

interface SectionResult {
  ranAt: string
  seconds: number
  /** The machine's 1-minute load average when the section started: figures from a busy machine read accordingly. */
  loadAverage: number
  rows: BenchRow[]
  error?: string
}
interface Results {
  machine: { node: string; cpus: number; cpu: string }
  sections: Record<string, SectionResult>
}

const sectionsDir = fileURLToPath(new URL('./sections/', import.meta.url))
const resultsPath = fileURLToPath(new URL('./results.json', import.meta.url))

function parseOnly(argv: readonly string[]): string[] | null {
  const i = argv.indexOf('--only')
  if (i === -1) return null
  const value = argv[i + 1]
  if (!value) throw new Error('--only needs a section name (a file name in bench/sections without .ts)')
  return value.split(',').map((s) => s.trim())
}

async function main() {
  const available = (await readdir(sectionsDir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => basename(f, '.ts'))
    .sort()
  const only = parseOnly(process.argv.slice(2))
  const unknown = only?.filter((name) => !available.includes(name)) ?? []
  if (unknown.length) throw new Error(`No bench section ${unknown.join(', ')}; there are: ${available.join(', ')}`)
  const chosen = only ?? available

  const results: Results = {
    machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' },
    sections: {},
  }
  for (const name of chosen) {
    process.stderr.write(`bench: ${name} (load average ${loadavg()[0]!.toFixed(1)})…\n`)
    const started = Date.now()
    const loadAverage = Math.round(loadavg()[0]! * 10) / 10
    const module = (await import(pathToFileURL(`${sectionsDir}${name}.ts`).href)) as {
      default: () => Promise<BenchRow[]>
    }
    let result: SectionResult
    try {
      result = { ranAt: new Date().toISOString(), seconds: 0, loadAverage, rows: await module.default() }
    } catch (error) {
      process.stderr.write(`bench: ${name} failed: ${(error as Error).stack}\n`)
      result = { ranAt: new Date().toISOString(), seconds: 0, loadAverage, rows: [], error: (error as Error).message }
    }
    result.seconds = Math.round((Date.now() - started) / 100) / 10
    results.sections[name] = result
    process.stderr.write(`bench: ${name} done in ${result.seconds} s\n`)
  }

  // Read now, not at the start: another --only run may have written its sections meanwhile.
  if (only) {
    const previous: Results | null = await readFile(resultsPath, 'utf8').then(
      (text) => JSON.parse(text) as Results,
      () => null,
    )
    // A section whose file is gone (renamed, folded into another) leaves with it.
    const kept = Object.entries(previous?.sections ?? {}).filter(([name]) => available.includes(name))
    results.sections = { ...Object.fromEntries(kept), ...results.sections }
  }
  const ordered = Object.keys(results.sections).sort()
  const rows = ordered.flatMap((section) => results.sections[section]!.rows.map((row) => ({ section, ...row })))
  process.stdout.write(`${formatTable(rows)}\n`)
  await writeFile(
    resultsPath,
    `${JSON.stringify({ ...results, sections: Object.fromEntries(ordered.map((s) => [s, results.sections[s]])) }, null, 2)}\n`,
  )
  const failed =
    rows.filter((row) => row.pass === false).length + ordered.filter((s) => results.sections[s]!.error).length
  if (failed) {
    process.stderr.write(`bench: ${failed} figure(s) over budget or section(s) failed\n`)
    process.exitCode = 1
  }
}

await main()
// Sections close what they open; a stray handle must not keep the bench alive.
process.exit(process.exitCode ?? 0)
