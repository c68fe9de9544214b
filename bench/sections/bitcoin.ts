/**
 * Bitcoin on the regtest devnet (packages/devnet/src/bitcoin), in this process with the app
 * (PGlite in a temporary directory) reading the devnet's Esplora through a counting proxy, so
 * requests are counted outside the tracker.
 *
 * - Esplora requests per new block with 10 and then 10,000 open BTC links (each with its own
 *   derived address): every measured block carries the same real payments (2 links paid from a
 *   key the app never saw), so the two counts compare like for like. Two figures: the block scan
 *   (budget: equal) and the mempool rotation, `GET /address/:a/txs/mempool` for at most
 *   `mempoolAddressesPerPass` addresses a pass (budget: that cap, whatever the count of links).
 * - Block -> SSE "paid": the tracker running (head polled every 100 ms, as the demo does), a
 *   payment waiting in the mempool, the clock starts just before `mine` and stops when a
 *   subscriber parses the `link` message whose status is "paid". Baseline in the same run: a bare
 *   Esplora client polling `/blocks/tip/hash` in step with the tracker's own tip poll (seen at the
 *   proxy), timed from the same `mine`. Each block is mined at a set point of the poll interval,
 *   the points spread over it (bench/lib/pollRace.ts), in batches until the medians settle.
 *
 * `BENCH_BITCOIN_TRACE=1` prints each measured pass's requests by path and its time.
 */
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { startBitcoinDevnet, type BitcoinDevnet } from '@paylink/devnet/bitcoin'
import { mempoolAddressesPerPass } from '@paylink/chains/bip122/server'
import {
  broadcast,
  merchantAccountKey,
  outputIndex,
  regtestBtc as btc,
  regtestNetwork,
  regtestWallet,
  signTransaction,
  type Coin,
} from '../../apps/server/src/testing/bitcoinRegtest.js'
import { describeSweeps, paidBesideBare, paidPhasesPerSweep, pollRace, sweepPaidBesideBare } from '../lib/pollRace.js'
import { blockScanRows } from '../lib/blockScanRows.js'
import { startCountingProxy } from '../lib/startCountingProxy.js'
import { startCrowdBenchApp } from '../lib/startCrowdBenchApp.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const crowdSizes = (process.env.BENCH_BITCOIN_CROWDS ?? '10,10000').split(',').map(Number)
const blocksPerSize = 3
const paymentsPerBlock = 2
const pollIntervalMs = 100
/** A counting proxy in front of Esplora's REST API that also counts requests by method and path shape. */
async function startRestCountingProxy(upstream: string) {
  let mempoolCount = 0
  const byPath = new Map<string, number>()
  const proxy = await startCountingProxy(upstream, {
    rest: true,
    onRequest(request) {
      const shape = `${request.method} ${(request.url ?? '/')
        .replace(/[0-9a-f]{64}/g, ':hash')
        .replace(/\/block-height\/\d+/, '/block-height/:h')
        .replace(/\/address\/[^/]+/, '/address/:a')}`
      byPath.set(shape, (byPath.get(shape) ?? 0) + 1)
      if (/^\/address\/[^/]+\/txs\/mempool/.test(request.url ?? '')) mempoolCount++
    },
  })
  return {
    url: proxy.url,
    get count() {
      return proxy.count
    },
    /** Of those, `GET /address/:a/txs/mempool` (the mempool rotation). */
    get mempoolCount() {
      return mempoolCount
    },
    /** Resolves when the next request for a path starting with `path` reaches the proxy. */
    nextRequest: (path: string) => proxy.nextRequest((url) => url.startsWith(path)),
    /** Requests so far by method and path shape (hashes, heights and addresses replaced). */
    byPath: () => new Map(byPath),
    close: proxy.close,
  }
}

/** The payer: a key the app never saw, funded once by the faucet; each payment spends the last change. */
function createPayer(devnet: BitcoinDevnet) {
  const payer = regtestWallet()
  let coin: Coin | null = null
  return {
    async fund(sats: bigint) {
      const txid = await devnet.faucet(payer.address, sats)
      coin = { txid, vout: await outputIndex(devnet.esploraUrl, txid, payer.address, sats), value: sats }
    },
    /** Pays `sats` to `address` with change back to the payer; broadcast with POST /tx. */
    async pay(address: string, sats: bigint) {
      if (!coin) throw new Error('fund the payer first')
      const change = coin.value - sats - 1_000n
      const tx = signTransaction(
        [[payer, coin]],
        [
          { address, value: sats },
          { address: payer.address, value: change },
        ],
        { rbf: true },
      )
      const answer = await broadcast(devnet.esploraUrl, tx.hex)
      if (answer.status !== 200) throw new Error(`POST /tx: ${answer.status} ${answer.text}`)
      coin = { txid: tx.txid, vout: 1, value: change }
    },
  }
}

export default async function run(): Promise<BenchRow[]> {
  const devnet = await startBitcoinDevnet({ blockIntervalMs: 0 })
  const proxy = await startRestCountingProxy(devnet.esploraUrl)
  const bench = await startCrowdBenchApp({
    label: 'btc',
    networks: [regtestNetwork(proxy.url, 'Bitcoin regtest (devnet)')],
    assets: [btc],
    paymentLinks: { tracker: { pollIntervalMs, idleRecheckMs: pollIntervalMs, settings: { recheckMs: 0 } } },
    merchant: { namespace: 'eip155', address: '0x00000000000000000000000000000000000000b7' },
  })
  const { app, status } = bench
  // The merchant's account key: the app sees the tpub only, passed as each option's recipient.
  const tpub = merchantAccountKey(new Uint8Array(32).fill(7)).publicExtendedKey
  const newLink = async (title: string, amount = '0.001') => {
    const link = await bench.createLink({ title, options: [{ asset: btc.assetId, amount, recipient: tpub }] })
    return { id: link.id, address: link.options[0]!.depositAddress! }
  }
  const { tracker } = app.paymentLinks
  const payer = createPayer(devnet)

  try {
    await payer.fund(100_000_000n)
    await devnet.mine(1)
    await tracker.runOnce()

    const perSize: Array<{ open: number; requests: number[]; mempool: number[]; ms: number[]; paid: number }> = []
    let open = 0
    for (const size of crowdSizes) {
      for (; open < size; open += 100)
        await Promise.all(Array.from({ length: Math.min(100, size - open) }, (_, i) => newLink(`Crowd ${open + i}`)))
      open = size
      await tracker.runOnce()
      const result = { open: size, requests: [] as number[], mempool: [] as number[], ms: [] as number[], paid: 0 }
      for (let b = 0; b < blocksPerSize; b++) {
        const links = await Promise.all(
          Array.from({ length: paymentsPerBlock }, (_, i) => newLink(`Paid ${size} ${b} ${i}`)),
        )
        for (const link of links) await payer.pay(link.address, 100_000n)
        await devnet.mine(1) // in process: not counted
        const before = proxy.count
        const mempoolBefore = proxy.mempoolCount
        const pathsBefore = proxy.byPath()
        const started = performance.now()
        await tracker.runOnce()
        if (process.env.BENCH_BITCOIN_TRACE) {
          const delta = [...proxy.byPath()]
            .map(([path, n]) => [path, n - (pathsBefore.get(path) ?? 0)] as const)
            .filter(([, n]) => n > 0)
          process.stderr.write(
            `bitcoin: ${size} links, block ${b}: ${Math.round(performance.now() - started)} ms; ${delta.map(([path, n]) => `${path} x${n}`).join(', ')}\n`,
          )
        }
        result.ms.push(performance.now() - started)
        result.mempool.push(proxy.mempoolCount - mempoolBefore)
        result.requests.push(proxy.count - before - result.mempool.at(-1)!)
        for (const link of links) if ((await status(link.id)) === 'paid') result.paid++
      }
      perSize.push(result)
    }

    // Block -> SSE "paid", with the tracker running.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    tracker.start()
    let run = 0
    const oneRun = async (phase: number) => {
      const link = await newLink(`Latency ${run++}`)
      return paidBesideBare(origin, link.id, 30_000, async () => {
        await payer.pay(link.address, 100_000n)
        // Not waiting for the mempool sighting: with 10,000 open links the rotation reads an
        // address's mempool every 500 passes; the block scan finds the payment when it is mined.
        const tipBefore = devnet.tipHash
        return pollRace({
          trackerPolls: () => proxy.nextRequest('/blocks/tip/height'),
          phase,
          // The baseline: a bare client polling the tip in step with the tracker.
          bare: {
            poll: async () => (await (await fetch(`${devnet.esploraUrl}/blocks/tip/hash`)).text()) !== tipBefore,
            intervalMs: pollIntervalMs,
          },
          fire: async () => {
            await devnet.mine(1)
          },
        })
      })
    }
    const sweeps = await sweepPaidBesideBare(oneRun, () => tracker.stop())

    const [small, large] = perSize as [(typeof perSize)[0], (typeof perSize)[0]]
    const maxOf = (values: number[]) => Math.max(...values)
    const latencyMedian = median(sweeps.means.paid)
    const baselineMedian = median(sweeps.means.bare)
    const expectedPaid = crowdSizes.length * blocksPerSize * paymentsPerBlock
    return [
      atMost(
        `Esplora requests per new block (block scan), ${large.open.toLocaleString('en-US')} open BTC links (max of ${blocksPerSize})`,
        maxOf(large.requests),
        'requests',
        maxOf(small.requests),
        {
          beside: `${small.open} open links: ${maxOf(small.requests)} requests`,
          note: `budget: equal to 10 links; ${paymentsPerBlock} real payments per block (their reads included); counted at a proxy`,
        },
      ),
      atMost(
        `Esplora mempool reads per pass, ${large.open.toLocaleString('en-US')} open BTC links (max of ${blocksPerSize})`,
        maxOf(large.mempool),
        'requests',
        mempoolAddressesPerPass,
        {
          beside: `${small.open} open links: ${maxOf(small.mempool)} requests`,
          note: `GET /address/:a/txs/mempool for ${mempoolAddressesPerPass} addresses in rotation: a capped constant; at 10,000 an address's mempool is read every ${Math.ceil(large.open / mempoolAddressesPerPass)} passes (a mined payment is found by the block scan anyway)`,
        },
      ),
      ...blockScanRows({
        crowd: 'open BTC links',
        smallCrowd: 'open links',
        paymentsWhat: 'real payments',
        blocksPerSize,
        expectedPaid,
        small,
        large,
      }),
      atMost(
        'block mined -> SSE "paid" / bare tip poller',
        Math.round((latencyMedian / baselineMedian) * 10) / 10,
        'x',
        5,
        {
          beside: `bare Esplora tip poller in step with the tracker: ${Math.round(baselineMedian)} ms`,
          note: `paid ${Math.round(latencyMedian)} ms (runs ${Math.round(Math.min(...sweeps.runs.paid))}-${Math.round(maxOf(sweeps.runs.paid))} ms); 1 confirmation; the tracker polls ${pollIntervalMs} ms after each pass; ${describeSweeps(sweeps, paidPhasesPerSweep)}`,
        },
      ),
      info('block mined -> SSE "paid"', Math.round(latencyMedian), 'ms', { note: 'absolute, for information' }),
    ]
  } finally {
    await bench.close()
    await proxy.close()
    await devnet.close()
  }
}
