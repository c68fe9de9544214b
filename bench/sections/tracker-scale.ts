/**
 * 10,000 pending payments on one network: RPC requests per new block and the time to process
 * one block. In this process: the devnet, PGlite in a temporary directory, the app (not
 * listening; requests by inject) whose tracker reads chain 31337 through a counting proxy,
 * so requests are counted outside the tracker. The 10,000 rows are written straight to the
 * table, as the tracker leaves payments it has looked at (hashes the node does not know yet:
 * random 32 bytes, resting until their periodic re-check); each measured block also mines
 * real payments of fresh links, posted while in the mempool, which must come out paid.
 */
import { performance } from 'node:perf_hooks'
import { startDevnet } from '@paylink/devnet'
import { keccak256, toHex } from 'viem'
import { payments } from '../../apps/server/src/db/schema.js'
import { newId } from '../../apps/server/src/db/newId.js'
import { anvilWallet } from '@paylink/chains/eip155/devnet'
import { startBenchApp } from '../lib/startBenchApp.js'
import { startCountingProxy } from '../lib/startCountingProxy.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const pendingCount = 10_000
const crowdLinks = 10
const blocks = 6
const paymentsPerBlock = 4
const L1 = 'eip155:31337'

export default async function run(): Promise<BenchRow[]> {
  const devnet = await startDevnet({ bitcoin: false })
  const l1 = devnet.chains.find((chain) => chain.chainId === 31337)!
  const proxy = await startCountingProxy(l1.rpcUrl)
  const {
    app,
    database,
    merchant,
    apiKey: token,
    close,
  } = await startBenchApp(devnet, {
    demo: false,
    networks: (onDevnet) =>
      onDevnet.networks.map((network) => ({
        ...network,
        rpcUrl: network.caipNetworkId === L1 ? proxy.url : onDevnet.upstreams[network.caipNetworkId]!.rpcUrl,
      })),
  })
  const wallet = anvilWallet(l1.rpcUrl)
  const api = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
    return response.json<T>()
  }
  const newLink = (title: string) =>
    api<{ id: string }>('POST', '/api/links', { title, options: [{ asset: `${L1}/slip44:60`, amount: '0.001' }] })
  const { tracker } = app.paymentLinks

  try {
    const crowd = await Promise.all(Array.from({ length: crowdLinks }, (_, i) => newLink(`Crowd ${i}`)))
    const now = Date.now()
    for (let start = 0; start < pendingCount; start += 1000) {
      await database.db.insert(payments).values(
        Array.from({ length: Math.min(1000, pendingCount - start) }, (_, j) => ({
          id: newId('pay'),
          linkId: crowd[(start + j) % crowdLinks]!.id,
          caipNetworkId: L1,
          txHash: keccak256(toHex(`bench-pending-${start + j}-${Math.random()}`)),
          requiredConfirmations: 1,
          missingSince: new Date(now),
          leaseUntil: new Date(now + tracker.settings.recheckMs),
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })),
      )
    }

    // A process's first pass re-reads every pending payment once (blocks mined while no tracker ran).
    let before = proxy.count
    let started = performance.now()
    await tracker.runOnce()
    const restart = { requests: proxy.count - before, ms: performance.now() - started }

    await wallet.setAutomine(false)
    const perBlock: Array<{ requests: number; ms: number; selfCount: number }> = []
    let paid = 0
    for (let b = 0; b < blocks; b++) {
      const links = await Promise.all(
        Array.from({ length: paymentsPerBlock }, (_, i) => newLink(`Block ${b} payment ${i}`)),
      )
      for (const [i, link] of links.entries()) {
        const txHash = await wallet.payEth(devnet.accounts[1 + i]!, merchant, '0.001')
        await api('POST', `/api/links/${link.id}/payments`, { caipNetworkId: L1, txHash })
      }
      await wallet.mine(1) // straight to anvil: not counted
      before = proxy.count
      const selfBefore = tracker.rpcRequests(L1)
      started = performance.now()
      await tracker.runOnce()
      perBlock.push({
        requests: proxy.count - before,
        ms: performance.now() - started,
        selfCount: tracker.rpcRequests(L1) - selfBefore,
      })
      for (const link of links)
        if ((await api<{ status: string }>('GET', `/api/links/${link.id}`)).status === 'paid') paid++
    }
    // A block with none of our transactions: what the 10,000 waiting payments cost by themselves.
    await wallet.mine(1)
    before = proxy.count
    started = performance.now()
    await tracker.runOnce()
    const empty = { requests: proxy.count - before, ms: performance.now() - started }
    await wallet.setAutomine(true)

    const maxRequests = Math.max(...perBlock.map((b) => b.requests))
    const times = perBlock.map((b) => b.ms)
    const expected = blocks * paymentsPerBlock
    const rows: BenchRow[] = [
      atMost(
        `RPC requests per new block, ${pendingCount.toLocaleString('en-US')} pending (max of ${blocks} blocks)`,
        maxRequests,
        'requests',
        10,
        {
          beside: `claim-and-read design before: ${Math.ceil(pendingCount / 200)} claims of 200, >= ${Math.ceil(pendingCount / 200) + 1} requests`,
          note: `counted at a proxy (tracker's own count: ${Math.max(...perBlock.map((b) => b.selfCount))}); ${paymentsPerBlock} real payments per block`,
        },
      ),
      atMost(
        `time to process one block, ${pendingCount.toLocaleString('en-US')} pending (max of ${blocks})`,
        Math.round(Math.max(...times)),
        'ms',
        1000,
        {
          note: `median ${Math.round(median(times))} ms; PGlite on disk`,
        },
      ),
      atMost('real payments in those blocks not paid after their block', expected - paid, 'payments', 0, {
        note: `${paid}/${expected} paid`,
      }),
      info('time to process a block with none of our transactions', Math.round(empty.ms), 'ms', {
        note: `${empty.requests} requests; the part that could grow with the pending count`,
      }),
      info(
        `first pass after a (re)start: re-read ${pendingCount.toLocaleString('en-US')} pending`,
        restart.requests,
        'requests',
        {
          note: `${Math.round(restart.ms)} ms; once per process start, not per block`,
        },
      ),
    ]
    return rows
  } finally {
    await wallet.setAutomine(true).catch(() => {})
    await close()
    await proxy.close()
    await devnet.stop()
  }
}
