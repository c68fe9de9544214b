// CI's quick size check (issue #6): fails when the checkout's critical-path JS is over budget.
// Run after `npm run build`; the full comparison with the eager baseline is `npm run bench`.
import { resolve } from 'node:path'
import { checkoutCriticalPath } from './checkoutSize.mjs'

const BUDGET_KIB = 100
const dist = resolve(import.meta.dirname, '../apps/web/dist')
const { chunks, gzip } = checkoutCriticalPath(dist)
for (const c of chunks) console.log(`  ${c.file}  ${(c.gzip / 1024).toFixed(1)} KiB gzip`)
const kib = gzip / 1024
console.log(`checkout critical-path JS: ${kib.toFixed(1)} KiB gzip (budget ${BUDGET_KIB} KiB)`)
if (kib > BUDGET_KIB) {
  console.error(
    `Over budget by ${(kib - BUDGET_KIB).toFixed(1)} KiB: something pulled the toolkit (or another big module) into the entry.`,
  )
  process.exit(1)
}
