/**
 * The block that reaches the required confirmations -> the "paid" event on the SSE stream, on
 * the devnet (confirmations 1). The payer's transaction waits in the mempool (automine off),
 * its hash is posted, then the bench mines the block: the clock starts just before the mine
 * call (so the figure includes anvil mining it) and stops when a subscriber parses the `link`
 * message whose status is "paid".
 */
import { performance } from 'node:perf_hooks'
import { devnetWallet } from '../lib/devnetWallet.js'
import { startBenchServer } from '../lib/startBenchServer.js'
import { subscribeLinkEvents } from '../lib/subscribeLinkEvents.js'
import { atMost, median, type BenchRow } from '../table.js'

const runs = 9
const L1 = 'eip155:31337'

export default async function run(): Promise<BenchRow[]> {
  const server = await startBenchServer()
  const l1 = server.chains.find((chain) => chain.chainId === 31337)!
  const wallet = devnetWallet(l1.rpcUrl)
  const payer = server.accounts[1]!
  const latencies: number[] = []
  try {
    await wallet.setAutomine(false)
    for (let i = 0; i < runs; i++) {
      const link = await server.api<{ id: string }>('POST', '/api/links', { title: `Latency ${i}`, options: [{ asset: `${L1}/slip44:60`, amount: '0.001' }] })
      const events = subscribeLinkEvents(server.origin, link.id)
      try {
        await events.waitFor((e) => e.link.status === 'open')
        const txHash = await wallet.payEth(payer, server.merchant, '0.001')
        const payment = await server.api<{ status: string }>('POST', `/api/links/${link.id}/payments`, { caipNetworkId: L1, txHash })
        if (payment.status !== 'pending') throw new Error(`a mempool transaction should be pending, got ${payment.status}`)
        // The submission's own message first, so the next one is the block's.
        await events.waitFor((e) => e.link.payments.length === 1)
        // Land at a random point of the tracker's poll interval, as a real block would.
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 200))
        const minedAt = performance.now()
        await wallet.mine(1)
        const paid = await events.waitFor((e) => e.link.status === 'paid', 10_000)
        latencies.push(paid.at - minedAt)
      } finally {
        events.close()
      }
    }
  } finally {
    await wallet.setAutomine(true).catch(() => {})
    await server.close()
  }
  const sorted = [...latencies].sort((a, b) => a - b)
  return [
    atMost(`block mined -> SSE "paid" (median of ${runs})`, Math.round(median(latencies)), 'ms', 500, {
      note: `min ${Math.round(sorted[0]!)} ms, max ${Math.round(sorted.at(-1)!)} ms; devnet, 1 confirmation, head polled every 100 ms`,
    }),
  ]
}
