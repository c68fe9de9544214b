/**
 * Issue #32's figures as a payer's phone sees them: Lighthouse 12.2.3 (pinned: 13 wants Node 22),
 * its default mobile preset (simulated slow 4G, 4x CPU slowdown, a phone's screen), on Debian's
 * Chromium against a real Paylink server (the built app, the demo devnet): a demo link's checkout,
 * the home page and the wallet page, each loaded as a new visitor (Lighthouse resets storage and
 * cache per run) and never touched. Median of LIGHTHOUSE_RUNS (default 3) runs per page.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumLaunchOptions, chromiumPath } from '../../e2e/support/chromium.js'
import { startPaylinkServer } from '../../e2e/support/server.js'
import { median } from '../lib/checkoutPage.js'
import { atLeast, atMost, info, type BenchRow } from '../table.js'

const repo = resolve(import.meta.dirname, '../..')
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

interface PageRun {
  score: number
  lcp: number
  tbt: number
  cls: number
  /** Script bytes transferred during the load, before any interaction (Lighthouse touches nothing). */
  jsBytes: number
  /** The longest main-thread task of the load and the script or page it is attributed to (simulated 4x CPU). */
  longestTask: { ms: number; source: string }
}

interface PageBudget {
  name: string
  path: string
  score: number
  tbt?: number
  jsKiB?: number
  /** Issue #32's measurement before the work: performance score. */
  before: number
}

async function audit(url: string, port: number): Promise<PageRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`)
    return value
  }
  const summary = lhr.audits['resource-summary']?.details as
    { items: Array<{ resourceType: string; transferSize: number }> } | undefined
  const tasks =
    (lhr.audits['long-tasks']?.details as { items?: Array<{ url: string; duration: number }> } | undefined)?.items ?? []
  const longest = tasks.reduce((a, b) => (b.duration > a.duration ? b : a), { url: 'none', duration: 0 })
  const score = lhr.categories.performance?.score
  if (score === null || score === undefined) throw new Error(`Lighthouse on ${url}: no performance score`)
  return {
    score: Math.round(score * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: summary?.items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
    // The page's own URL stands for its HTML's parse, style and layout; a hashed asset for its script.
    longestTask: {
      ms: longest.duration,
      source: longest.url.replace(/^https?:\/\/[^/]+/, '').replace(/\/pay\/.+/, '/pay/:id (the page)'),
    },
  }
}

/**
 * Lighthouse 12 now and then loses the trace's navigation start on a loaded machine (NO_NAVSTART,
 * "please run Lighthouse again"): that run measured nothing, so it is run again, twice at most.
 */
async function auditRetryingTrace(url: string, port: number): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port)
    } catch (e) {
      if (attempt >= 3 || !/NO_NAVSTART/.test((e as Error).message)) throw e
    }
  }
}

export default async function run(): Promise<BenchRow[]> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  execFileSync(npm, ['run', 'build'], { cwd: repo, stdio: 'ignore' })
  const server = await startPaylinkServer({ env: { WEB_DIST: resolve(repo, 'apps/web/dist') } })
  let chrome: chromeLauncher.LaunchedChrome | null = null
  const runs = new Map<string, PageRun[]>()
  const pages: PageBudget[] = [
    { name: 'checkout /pay/:id', path: '', score: 95, tbt: 200, jsKiB: 150, before: 72 },
    { name: 'landing /', path: '/', score: 95, before: 61 },
    { name: 'wallet /wallet', path: '/wallet', score: 80, before: 41 },
  ]
  try {
    const demo = await fetch(`${server.origin}/devnet/demo-link`, {
      method: 'POST',
      headers: { origin: server.origin },
    })
    if (demo.status !== 201) throw new Error(`demo link: ${demo.status} ${await demo.text()}`)
    pages[0]!.path = ((await demo.json()) as { payPath: string }).payPath
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: [
        ...chromiumLaunchOptions().args,
        '--headless=new',
        // The toolkit's hosts (Reown's API, RPCs) never leave the machine: no name resolves but loopback.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    })
    // Interleaved, so a burst of load on the shared machine does not fall on one page's runs.
    for (let i = 0; i < RUNS; i++)
      for (const page of pages) {
        const list = runs.get(page.name) ?? []
        list.push(await auditRetryingTrace(`${server.origin}${page.path}`, chrome.port))
        runs.set(page.name, list)
      }
  } finally {
    chrome?.kill()
    await server.stop()
  }
  const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
  return pages.flatMap((page) => {
    const list = runs.get(page.name)!
    const m = (key: Exclude<keyof PageRun, 'longestTask'>) => median(list.map((r) => r[key]))
    const longest = [...list].sort((a, b) => a.longestTask.ms - b.longestTask.ms)[Math.floor(list.length / 2)]!
      .longestTask
    const note = `Lighthouse 12.2.3 mobile, median of ${list.length}`
    return [
      atLeast(`${page.name}: performance score`, m('score'), '/100', page.score, {
        beside: `before #32: ${page.before}; runs ${list.map((r) => r.score).join(', ')}`,
        note,
      }),
      info(`${page.name}: largest contentful paint`, Math.round(m('lcp')), 'ms'),
      page.tbt === undefined
        ? info(`${page.name}: total blocking time`, Math.round(m('tbt')), 'ms')
        : atMost(`${page.name}: total blocking time`, Math.round(m('tbt')), 'ms', page.tbt),
      info(`${page.name}: cumulative layout shift`, Math.round(m('cls') * 1000) / 1000, ''),
      info(`${page.name}: longest task before interaction`, Math.round(longest.ms), 'ms', {
        beside: `median run's: ${longest.source}`,
      }),
      page.jsKiB === undefined
        ? info(`${page.name}: JS before interaction (on the wire)`, kib(m('jsBytes')), 'KiB')
        : atMost(`${page.name}: JS before interaction (on the wire)`, kib(m('jsBytes')), 'KiB', page.jsKiB),
    ]
  })
}
