/**
 * Issue #7's load check: 200 concurrent SSE subscribers on one link plus a steady stream of
 * reads of that link (autocannon, 10 connections) for 30 s, while five payments go through the
 * tracker one after another (each: posted while in the mempool -> pending, then mined ->
 * confirmed; the link goes open -> partially_paid -> paid). Pass: every subscriber received
 * every version any subscriber saw and ended on the link's final version; no stream or read
 * errors; the server's heap after the run, after a full GC, within max(20 %, 5 MiB) of before.
 *
 * The server is a child process (bench/lib/serverProcess.ts, --expose-gc) so its memory is
 * measured alone: subscribers and the load tool live in this process.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { anvilWallet } from '@paylink/chains/eip155/devnet'
import { runAutocannon } from '../lib/runAutocannon.js'
import { startBenchServer, type Memory } from '../lib/startBenchServer.js'
import { subscribeLinkEvents } from '../lib/subscribeLinkEvents.js'
import { atMost, info, type BenchRow } from '../table.js'

const subscribers = 200
const seconds = 30
const paymentCount = 5
const L1 = 'eip155:31337'
const MiB = 1024 * 1024

export default async function run(): Promise<BenchRow[]> {
  const server = await startBenchServer()
  const l1 = server.chains.find((chain) => chain.chainId === 31337)!
  const wallet = anvilWallet(l1.rpcUrl)
  const streams: Array<ReturnType<typeof subscribeLinkEvents>> = []
  try {
    const link = await server.api<{ id: string; version: number }>('POST', '/api/links', {
      title: 'Busy link',
      options: [{ asset: `${L1}/erc20:${server.token.address}`, amount: String(paymentCount * 2) }],
    })
    // Warm the routes once so the baseline is not the cost of first use.
    await runAutocannon(`${server.origin}/api/links/${link.id}`, 2)
    const start = await server.memory(true)

    for (let i = 0; i < subscribers; i++) streams.push(subscribeLinkEvents(server.origin, link.id))
    await Promise.all(streams.map((s) => s.waitFor(() => true, 20_000)))

    const samples: Memory[] = []
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        samples.push(await server.memory(false))
        await sleep(500)
      }
    })()

    const reads = runAutocannon(`${server.origin}/api/links/${link.id}`, seconds)
    const paying = (async () => {
      await wallet.setAutomine(false)
      try {
        const gap = (seconds * 1000 - 4000) / paymentCount
        for (let i = 0; i < paymentCount; i++) {
          await sleep(gap / 2)
          const txHash = await wallet.payToken(
            server.token.address,
            server.accounts[1 + i]!,
            server.merchant,
            '2',
            server.token.decimals,
          )
          await server.api('POST', `/api/links/${link.id}/payments`, { caipNetworkId: L1, txHash })
          await sleep(gap / 2)
          await wallet.mine(1)
        }
      } finally {
        await wallet.setAutomine(true)
      }
    })()
    const [load] = await Promise.all([reads, paying])

    const final = await server.api<{ status: string; version: number; payments: Array<{ status: string }> }>(
      'GET',
      `/api/links/${link.id}`,
    )
    // The last change may still be on its way to some streams.
    await Promise.all(streams.map((s) => s.waitFor((e) => e.id >= final.version, 10_000).catch(() => null)))
    sampling = false
    await sampler

    const seen = streams.map((s) => s.events.map((e) => e.id))
    const union = [...new Set(seen.flat())].sort((a, b) => a - b)
    const missed = seen.filter((ids) => {
      const mine = new Set(ids)
      const increasing = ids.every((id, i) => i === 0 || id > ids[i - 1]!)
      return !increasing || union.some((id) => !mine.has(id)) || ids.at(-1) !== final.version
    }).length
    const streamErrors = streams.reduce((n, s) => n + s.errors.length, 0)
    const statuses = [...new Set(streams[0]!.events.map((e) => e.link.status))]

    for (const s of streams) s.close()
    streams.length = 0
    await sleep(1000)
    await server.memory(true)
    const end = await server.memory(true)
    const peak = { rss: Math.max(...samples.map((m) => m.rss)), heapUsed: Math.max(...samples.map((m) => m.heapUsed)) }
    const allowed = Math.max(0.2 * start.heapUsed, 5 * MiB)
    const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10

    const correct =
      final.status === 'paid' &&
      final.payments.length === paymentCount &&
      final.payments.every((p) => p.status === 'confirmed')
    return [
      atMost(
        `subscribers (of ${subscribers}) that missed a change`,
        missed + (correct ? 0 : subscribers),
        'subscribers',
        0,
        {
          note: `${union.length} versions each; link ${statuses.join(' -> ')}; ${paymentCount} payments ${correct ? 'all confirmed' : 'NOT all confirmed'}`,
        },
      ),
      atMost('errors: streams + reads (errors, non-2xx)', streamErrors + load.errors + load.non2xx, 'errors', 0, {
        note: `${load.total.toLocaleString('en-US')} reads in ${seconds} s`,
      }),
      info(`GET /api/links/:id during the load (${subscribers} streams open)`, load.rps, 'req/s', {
        beside: `p99 ${load.p99} ms`,
      }),
      info('server peak memory during the load', mib(peak.rss), 'MiB RSS', {
        beside: `heapUsed peak ${mib(peak.heapUsed)} MiB`,
      }),
      atMost('server heap growth after the run (after GC)', mib(end.heapUsed - start.heapUsed), 'MiB', mib(allowed), {
        note: `heapUsed ${mib(start.heapUsed)} -> ${mib(end.heapUsed)} MiB; RSS ${mib(start.rss)} -> ${mib(end.rss)} MiB`,
      }),
    ]
  } finally {
    for (const s of streams) s.close()
    await wallet.setAutomine(true).catch(() => {})
    await server.close()
  }
}
