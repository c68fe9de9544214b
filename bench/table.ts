/** One line of the bench table. Sections return these; run.ts prints them and writes results.json. */
export interface BenchRow {
  figure: string
  value: number
  unit: string
  /** The budget as people read it ("<= 500 ms"); null for a figure printed for information. */
  budget: string | null
  /** null when there is no budget to pass or fail. */
  pass: boolean | null
  /** The baseline or ceiling the figure is set beside ("bare Fastify route: 14,210 req/s"). */
  beside?: string
  note?: string
}

/** A row with an upper bound: passes when value <= max. */
export function atMost(
  figure: string,
  value: number,
  unit: string,
  max: number,
  extra: Pick<BenchRow, 'beside' | 'note'> = {},
): BenchRow {
  return { figure, value, unit, budget: `<= ${formatNumber(max)} ${unit}`, pass: value <= max, ...extra }
}

/** A row with a lower bound: passes when value >= min. */
export function atLeast(
  figure: string,
  value: number,
  unit: string,
  min: number,
  extra: Pick<BenchRow, 'beside' | 'note'> = {},
): BenchRow {
  return { figure, value, unit, budget: `>= ${formatNumber(min)} ${unit}`, pass: value >= min, ...extra }
}

/** A row without a budget. */
export function info(
  figure: string,
  value: number,
  unit: string,
  extra: Pick<BenchRow, 'beside' | 'note'> = {},
): BenchRow {
  return { figure, value, unit, budget: null, pass: null, ...extra }
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US')
  return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 10 ? 2 : 1 })
}

/** A plain-text table, also valid Markdown (the README shows it as is). */
export function formatTable(rows: ReadonlyArray<BenchRow & { section: string }>): string {
  const header = ['section', 'figure', 'value', 'budget', 'result', 'beside', 'note']
  const lines = rows.map((row) => [
    row.section,
    row.figure,
    `${formatNumber(row.value)} ${row.unit}`,
    row.budget ?? '-',
    row.pass === null ? '-' : row.pass ? 'pass' : 'FAIL',
    row.beside ?? '',
    row.note ?? '',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [format(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...lines.map(format)].join('\n')
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
