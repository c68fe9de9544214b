import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { startHttpServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import { createPaymentTracker } from './paymentTracker.js'

const block = (n: number) => ({
  number: `0x${n.toString(16)}`,
  hash: `0x${n.toString(16).padStart(64, '0')}`,
  parentHash: `0x${Math.max(0, n - 1)
    .toString(16)
    .padStart(64, '0')}`,
  timestamp: '0x6553f100',
  transactions: [],
})
let database: Database
let chain: TestHttpServer
let head = 16
/** The chain id fails while true, so the first pass reads a head and then fails. */
let identityFails = true
const blocksAsked: number[] = []

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  chain = await startHttpServer((request, res) => {
    const answer = (call: { id: unknown; method: string; params?: unknown[] }) => {
      if (call.method === 'eth_chainId' && identityFails)
        return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'busy' } }
      if (call.method === 'eth_getBlockByNumber' && /^0x/.test(String(call.params![0])))
        blocksAsked.push(Number(BigInt(call.params![0] as string)))
      const result =
        call.method === 'eth_blockNumber'
          ? `0x${head.toString(16)}`
          : call.method === 'eth_chainId'
            ? '0x7a69'
            : call.method === 'eth_getBlockByNumber'
              ? block(Number(BigInt(call.params![0] as string)))
              : call.method === 'eth_getLogs'
                ? []
                : null
      return { jsonrpc: '2.0', id: call.id, result }
    }
    const body = JSON.parse(request.body) as Parameters<typeof answer>[0] | Array<Parameters<typeof answer>[0]>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
  })
}, 60_000)
afterAll(async () => {
  await chain?.close()
  await database?.close()
})

describe('a fresh install whose first passes fail', () => {
  it('scans from the first head it read, not from the head of its first successful pass', async () => {
    const tracker = createPaymentTracker({
      db: database.db,
      networks: [{ caipNetworkId: 'eip155:31337', rpcUrl: chain.url }],
      rpcTimeoutMs: 1000,
    })
    await expect(tracker.runOnce()).rejects.toThrow()
    // Blocks 17 to 20 are mined while the tracker cannot finish a pass; a deposit may be in any.
    head = 20
    identityFails = false
    await tracker.runOnce()
    expect(blocksAsked).toEqual(expect.arrayContaining([16, 17, 18, 19, 20]))
  })
})
