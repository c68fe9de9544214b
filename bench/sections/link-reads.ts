/**
 * GET /api/links/:id throughput and p99 under autocannon for 10 s (10 connections), beside a
 * bare Fastify route ({ ok: true }) in the same server process, loaded the same way right after,
 * as the ceiling. The server runs in its own process; the load tool in this one.
 */
import { devnetWallet } from '../lib/devnetWallet.js'
import { runAutocannon } from '../lib/runAutocannon.js'
import { startBenchServer } from '../lib/startBenchServer.js'
import { atMost, info, type BenchRow } from '../table.js'

const seconds = 10
const L1 = 'eip155:31337'

export default async function run(): Promise<BenchRow[]> {
  const server = await startBenchServer()
  try {
    // A realistic link: two options, one confirmed payment.
    const link = await server.api<{ id: string }>('POST', '/api/links', {
      title: 'Read me',
      description: 'A link with two options and one payment',
      options: [
        { asset: `${L1}/slip44:60`, amount: '0.01' },
        { asset: `${L1}/erc20:${server.token.address}`, amount: '10' },
      ],
    })
    const l1 = server.chains.find((chain) => chain.chainId === 31337)!
    const txHash = await devnetWallet(l1.rpcUrl).payEth(server.accounts[1]!, server.merchant, '0.004')
    await server.api('POST', `/api/links/${link.id}/payments`, { caipNetworkId: L1, txHash })

    const paylink = await runAutocannon(`${server.origin}/api/links/${link.id}`, seconds)
    const bare = await runAutocannon(`${server.bareOrigin}/bare`, seconds)
    const ratio = paylink.rps / bare.rps
    return [
      info('GET /api/links/:id throughput (10 s, 10 connections)', paylink.rps, 'req/s', {
        beside: `bare Fastify route: ${bare.rps.toLocaleString('en-US')} req/s (ratio ${ratio.toFixed(2)})`,
      }),
      info('GET /api/links/:id p99 latency', paylink.p99, 'ms', { beside: `bare Fastify route: ${bare.p99} ms` }),
      atMost('GET /api/links/:id errors and non-2xx answers', paylink.errors + paylink.non2xx, 'responses', 0, {
        note: `of ${paylink.total.toLocaleString('en-US')} requests`,
      }),
    ]
  } finally {
    await server.close()
  }
}
