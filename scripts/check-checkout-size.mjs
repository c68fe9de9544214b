// CI's size check (issues #6, #32): the checkout's JavaScript as it travels to a payer. Run after
// `npm run build` with tsx (`node --import tsx scripts/check-checkout-size.mjs`): it starts the built
// server with its devnet, opens a demo link's checkout and the home page in Chromium, touches
// nothing, and sums the scripts' bytes on the wire (Chromium asks for br). Fails over budget, when
// a script went uncompressed, or when the toolkit was asked for before any interaction.
import { resolve } from 'node:path'
import { startPaylinkServer } from '../e2e/support/server.ts'
import { checkoutCriticalPath } from './checkoutSize.mjs'
import { measureScriptsBeforeInteraction } from './checkoutWire.ts'

const BUDGET_KIB = 150
const dist = resolve(import.meta.dirname, '../apps/web/dist')
const kib = (bytes) => (bytes / 1024).toFixed(1)

// The entry and what index.html preloads, as the server sends them for Accept-Encoding: br (the build's .br files).
const critical = checkoutCriticalPath(dist)
console.log(`critical path (entry + modulepreload): ${kib(critical.br)} KiB br, ${kib(critical.gzip)} KiB gzip`)

const server = await startPaylinkServer({ env: { WEB_DIST: dist } })
const problems = []
try {
  const demo = await fetch(`${server.origin}/devnet/demo-link`, { method: 'POST', headers: { origin: server.origin } })
  if (demo.status !== 201) throw new Error(`demo link: ${demo.status} ${await demo.text()}`)
  const { payPath } = await demo.json()
  for (const [page, path, budget] of [
    ['checkout', payPath, BUDGET_KIB],
    ['home page', '/', null],
  ]) {
    const report = await measureScriptsBeforeInteraction(`${server.origin}${path}`)
    for (const s of report.scripts) console.log(`  ${s.file}  ${kib(s.wireBytes)} KiB ${s.encoding || 'uncompressed'}`)
    console.log(
      `${page}: JS before the first interaction ${kib(report.wireBytes)} KiB on the wire, ${report.scripts.length} scripts` +
        (budget === null ? '' : ` (budget ${budget} KiB)`),
    )
    if (budget !== null && report.wireBytes / 1024 > budget)
      problems.push(`${page}: over budget by ${kib(report.wireBytes - budget * 1024)} KiB`)
    if (report.toolkitRequested) problems.push(`${page}: the toolkit was requested before any interaction`)
    const plain = report.scripts.filter((s) => s.encoding !== 'br')
    if (plain.length) problems.push(`${page}: not sent as br: ${plain.map((s) => s.file).join(', ')}`)
  }
} finally {
  await server.stop()
}
if (problems.length) {
  for (const p of problems) console.error(p)
  process.exit(1)
}
