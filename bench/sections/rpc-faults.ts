/**
 * Payments while the RPC fails (#27), on the repository's Solana devnet (the chain where faults
 * once lost payments), the app in this process reading it through the seeded fault proxy of the
 * server's tests (apps/server/src/testing/startFaultProxy.ts), polling every 100 ms.
 *
 * Two runs, each a fresh app on the same devnet: without faults, then with 30 % of requests
 * faulted (5xx, 429 with Retry-After, hangs past the 1 s timeout, cut bodies, failed batch
 * elements, a lagging slot, getTransaction null at first) and a 5 s outage while payments wait.
 * Six SOL payments per run, each carrying its link's Solana Pay reference.
 *
 * - Payments lost (not paid within 60 s) and counted twice (more than one payment row): budget 0.
 * - Outage end -> last pending payment paid, beside the median confirmed -> paid without faults
 *   (information; the ratio in the note).
 * - RPC requests per slot, with faults against without (information).
 */
import { devnetSolanaAssets } from '@paylink/chains/solana/server'
import { startSolanaDevnet } from '@paylink/devnet/solana'
import { Connection, Keypair } from '@solana/web3.js'
import { fundSolanaPayer, type SolanaPayer } from '../../apps/server/src/testing/solanaPayer.js'
import { startFaultProxy } from '../../apps/server/src/testing/startFaultProxy.js'
import { solanaTestNetwork, startCrowdBenchApp } from '../lib/startCrowdBenchApp.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const payments = 6
const outageMs = 5000
const paidWithinMs = 60_000

interface RunResult {
  lost: number
  twice: number
  /** Each payment's time from confirmed (the payer's view) to paid. */
  latencies: number[]
  /** Outage end -> the last payment made before or during it paid (with an outage only). */
  catchUpMs: number | null
  requestsPerSlot: number
  seed: number
  injected: string
}

export default async function run(): Promise<BenchRow[]> {
  const devnet = await startSolanaDevnet({ slotMs: 100, finalizeDepth: 8 })
  const connection = new Connection(devnet.rpcUrl, 'confirmed')
  const caipNetworkId = devnet.caipNetworkId
  const [sol] = devnetSolanaAssets(devnet)
  const merchant = Keypair.generate().publicKey.toBase58()
  let payer: SolanaPayer | null = null

  const runOnce = async (faulty: boolean): Promise<RunResult> => {
    const proxy = await startFaultProxy({
      upstream: devnet.rpcUrl,
      flavour: 'solana',
      rate: faulty ? 0.3 : 0,
      nullTransactionRate: faulty ? 0.5 : 0,
      hangMs: 3000,
    })
    const bench = await startCrowdBenchApp({
      label: 'rpc-faults',
      networks: [solanaTestNetwork(caipNetworkId, proxy.url)],
      assets: [sol],
      paymentLinks: { tracker: { pollIntervalMs: 100, idleRecheckMs: 500, rpcTimeoutMs: 1000 } },
      merchant: { namespace: 'solana', address: merchant },
    })
    payer ??= await fundSolanaPayer(devnet, [merchant])
    bench.app.paymentLinks.start()
    try {
      const startSlot = await connection.getSlot('confirmed')
      const startRequests = proxy.requests
      const made: Array<{ id: string; confirmedAt: number; paidAt: number | null }> = []
      const pay = async (i: number) => {
        const link = await bench.createLink({
          title: `Fault ${i}`,
          options: [{ asset: sol.assetId, amount: `0.0${i + 1}` }],
        })
        await payer!.pay(link.options[0]!.paymentUri!)
        made.push({ id: link.id, confirmedAt: Date.now(), paidAt: null })
      }
      const watch = async () => {
        const until = Date.now() + paidWithinMs
        while (made.some((m) => m.paidAt === null) && Date.now() < until) {
          for (const m of made.filter((m) => m.paidAt === null))
            if ((await bench.status(m.id)) === 'paid') m.paidAt = Date.now()
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
      let catchUpMs: number | null = null
      if (faulty) {
        await pay(0)
        await pay(1)
        proxy.outage(outageMs)
        const outageEnds = Date.now() + outageMs
        await pay(2)
        await pay(3)
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())))
        const pending = [...made]
        await pay(4)
        await pay(5)
        await watch()
        const last = Math.max(...pending.map((m) => m.paidAt ?? Number.POSITIVE_INFINITY))
        catchUpMs = Number.isFinite(last) ? Math.max(0, last - outageEnds) : null
      } else {
        // One at a time: each payment's latency alone.
        for (let i = 0; i < payments; i++) {
          await pay(i)
          await watch()
        }
      }
      await watch()
      const slots = (await connection.getSlot('confirmed')) - startSlot
      let twice = 0
      for (const m of made) {
        const view = (await bench.app.inject({ method: 'GET', url: `/api/links/${m.id}` })).json<{
          payments: unknown[]
        }>()
        if (view.payments.length > 1) twice++
      }
      return {
        lost: made.filter((m) => m.paidAt === null).length,
        twice,
        latencies: made.flatMap((m) => (m.paidAt === null ? [] : [m.paidAt - m.confirmedAt])),
        catchUpMs,
        requestsPerSlot: (proxy.requests - startRequests) / Math.max(1, slots),
        seed: proxy.seed,
        injected: JSON.stringify(proxy.injected),
      }
    } finally {
      await bench.close()
      await proxy.close()
    }
  }

  try {
    const clean = await runOnce(false)
    const faults = await runOnce(true)
    const cleanMedian = median(clean.latencies)
    return [
      atMost('payments lost at 30 % faults and a 5 s outage', faults.lost + clean.lost, 'payments', 0, {
        note: `${payments} per run; FAULT_SEED=${faults.seed} replays the faults: ${faults.injected}`,
      }),
      atMost('payments counted twice at 30 % faults', faults.twice + clean.twice, 'payments', 0),
      info('outage end -> last pending payment paid', faults.catchUpMs ?? Number.NaN, 'ms', {
        beside: `confirmed -> paid without faults: ${Math.round(cleanMedian)} ms (median)`,
        note:
          faults.catchUpMs === null
            ? 'a payment made before the outage ended was not paid'
            : `ratio ${(faults.catchUpMs / Math.max(1, cleanMedian)).toFixed(1)}x`,
      }),
      info('RPC requests per slot with 30 % faults', Number(faults.requestsPerSlot.toFixed(2)), 'requests', {
        beside: `without faults: ${clean.requestsPerSlot.toFixed(2)} requests per slot`,
      }),
    ]
  } finally {
    await devnet.close()
  }
}
