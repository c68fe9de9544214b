/**
 * Reads of one link under autocannon (10 connections), each beside a bare Fastify route
 * ({ ok: true }) in the same server process as the ceiling: the cached `GET /api/links/:id`
 * and the pay page `GET /pay/:id` (the facts written into the HTML). The three targets are
 * loaded in turn, rounds of SECONDS each, so a change of the machine's load falls on all
 * three alike; each round gives a ratio to its own bare figure and the row is the median ratio
 * (absolute req/s and p99 beside, for information). Two rounds at a time, at least ROUNDS in
 * all, until two more move neither median ratio by more than 5 % (untilSettled, up to
 * MAX_ROUNDS), so two bench runs agree. The server runs in its own process; the
 * load tool in this one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { anvilWallet } from '@paylink/chains/eip155/devnet'
import { runAutocannon, type LoadResult } from '../lib/runAutocannon.js'
import { startBenchServer } from '../lib/startBenchServer.js'
import { untilSettled } from '../lib/untilSettled.js'
import { atLeast, atMost, info, median, type BenchRow } from '../table.js'

const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 5)
const MAX_ROUNDS = Number(process.env.BENCH_READ_MAX_ROUNDS ?? 15)
const SECONDS = 3
const L1 = 'eip155:31337'
const webRoot = fileURLToPath(new URL('../../apps/web/', import.meta.url))

/** The app's build when there is one (`npm run build`), else its source index.html: both carry the checkout marker. */
function webDistForBench(): { dir: string; what: string; cleanup(): void } {
  if (existsSync(join(webRoot, 'dist', 'index.html')))
    return { dir: join(webRoot, 'dist'), what: 'the production build', cleanup: () => {} }
  const dir = mkdtempSync(join(tmpdir(), 'paylink-bench-web-'))
  writeFileSync(join(dir, 'index.html'), readFileSync(join(webRoot, 'index.html'), 'utf8'))
  return {
    dir,
    what: 'apps/web/index.html (no build: stylesheets not inlined)',
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

export default async function run(): Promise<BenchRow[]> {
  const web = webDistForBench()
  const server = await startBenchServer({ webDist: web.dir })
  try {
    // A realistic link: two options, one confirmed payment.
    const link = await server.api<{ id: string }>('POST', '/api/links', {
      title: 'Read me',
      description: 'A link with two options and one payment',
      options: [
        { asset: `${L1}/slip44:60`, amount: '0.01' },
        { asset: `${L1}/erc20:${server.token.address}`, amount: '10' },
      ],
      expiresInSeconds: 86_400,
    })
    const l1 = server.chains.find((chain) => chain.chainId === 31337)!
    const txHash = await anvilWallet(l1.rpcUrl).payEth(server.accounts[1]!, server.merchant, '0.004')
    await server.api('POST', `/api/links/${link.id}/payments`, { caipNetworkId: L1, txHash })
    const page = await fetch(`${server.origin}/pay/${link.id}`, { headers: { accept: 'text/html' } }).then((r) =>
      r.text(),
    )
    if (!page.includes('data-testid="link-facts"')) throw new Error('GET /pay/:id did not carry the link facts')

    const targets = {
      link: `${server.origin}/api/links/${link.id}`,
      page: `${server.origin}/pay/${link.id}`,
      bare: `${server.bareOrigin}/bare`,
    }
    // Warm every route once so no round pays for first use.
    for (const url of Object.values(targets)) await runAutocannon(url, 1)
    const results: Record<keyof typeof targets, LoadResult[]> = { link: [], page: [], bare: [] }
    const ratios = (key: 'link' | 'page') => results[key].map((r, i) => r.rps / results.bare[i]!.rps)
    const oneRound = async () => {
      for (const key of Object.keys(targets) as Array<keyof typeof targets>)
        results[key].push(await runAutocannon(targets[key], SECONDS))
    }
    await untilSettled({
      batch: async () => {
        await oneRound()
        await oneRound()
      },
      figures: () => [median(ratios('link')), median(ratios('page'))],
      minBatches: Math.ceil(ROUNDS / 2),
      maxBatches: Math.floor(MAX_ROUNDS / 2),
    })
    const rounds = results.bare.length
    const spread = (values: number[]) => `rounds ${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`
    const rps = (key: keyof typeof targets) => Math.round(median(results[key].map((r) => r.rps)))
    const p99 = (key: keyof typeof targets) => median(results[key].map((r) => r.p99))
    const errors = (key: keyof typeof targets) => results[key].reduce((n, r) => n + r.errors + r.non2xx, 0)
    const total = (key: keyof typeof targets) => results[key].reduce((n, r) => n + r.total, 0)
    const round2 = (value: number) => Math.round(value * 100) / 100
    const linkRatio = median(ratios('link'))
    const pageRatio = median(ratios('page'))
    const bare = `bare Fastify route: ${rps('bare').toLocaleString('en-US')} req/s`
    const timing = `median of ${rounds} rounds of ${SECONDS} s (until two more moved it by 5 % or less), 10 connections, loaded in turn with the bare route`
    return [
      atLeast('GET /api/links/:id (cached) / bare route, throughput', round2(linkRatio), 'x', 0.5, {
        beside: `${rps('link').toLocaleString('en-US')} req/s; ${bare}`,
        note: `${timing}; ${spread(ratios('link'))}`,
      }),
      info('GET /api/links/:id p99 latency', p99('link'), 'ms', { beside: `bare Fastify route: ${p99('bare')} ms` }),
      info('GET /pay/:id / bare route, throughput', round2(pageRatio), 'x', {
        beside: `${rps('page').toLocaleString('en-US')} req/s; ${bare}`,
        note: `${Math.round(page.length / 1024)} KiB page (${web.what}); ${spread(ratios('page'))}`,
      }),
      info('GET /pay/:id p99 latency', p99('page'), 'ms', { beside: `bare Fastify route: ${p99('bare')} ms` }),
      atMost(
        'GET /api/links/:id and /pay/:id errors and non-2xx answers',
        errors('link') + errors('page'),
        'responses',
        0,
        {
          note: `of ${(total('link') + total('page')).toLocaleString('en-US')} requests`,
        },
      ),
    ]
  } finally {
    await server.close()
    web.cleanup()
  }
}
