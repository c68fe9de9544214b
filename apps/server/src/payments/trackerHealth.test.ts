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
/** What the fake chain does now: answer (head 16), or fail every request with a 503. */
let failing = false
let head = 16
/** The chain id fails while true: a pass reads a head and then fails. */
let identityFails = false
const blocksAsked: number[] = []

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  chain = await startHttpServer((request, res) => {
    if (failing) return void res.writeHead(503).end('unavailable')
    const answer = (call: { id: unknown; method: string; params?: unknown[] }) => {
      if (call.method === 'eth_chainId' && identityFails)
        return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'busy' } }
      if (call.method === 'eth_getBlockByNumber' && /^0x/.test(String(call.params![0])))
        blocksAsked.push(Number(BigInt(call.params![0] as string)))
      return { jsonrpc: '2.0', id: call.id, result: result(call) }
    }
    const result = (call: { method: string; params?: unknown[] }) =>
      call.method === 'eth_blockNumber'
        ? `0x${head.toString(16)}`
        : call.method === 'eth_chainId'
          ? '0x7a69'
          : call.method === 'eth_getBlockByNumber'
            ? block(Number(BigInt(call.params![0] as string)))
            : call.method === 'eth_getLogs'
              ? []
              : null
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

describe('tracker health per network', () => {
  it('says nothing before a pass, ok after one, degraded with the last error when the RPC fails, down when it fails for long, ok again when it answers', async () => {
    const caipNetworkId = 'eip155:31337'
    const make = (downAfterMs: number) =>
      createPaymentTracker({
        db: database.db,
        networks: [{ caipNetworkId, rpcUrl: `${chain.url}/v2/SECRETKEY` }],
        rpcTimeoutMs: 1000,
        downAfterMs,
      })
    const tracker = make(60_000)
    expect(tracker.health(caipNetworkId)).toBeNull()
    expect(tracker.health('eip155:1')).toBeNull()

    await tracker.runOnce()
    const ok = tracker.health(caipNetworkId)!
    expect(ok).toMatchObject({ state: 'ok', lastError: null, endpoint: chain.url })
    expect(ok.lagBlocks).not.toBeNull()
    expect(ok.endpoint, "a provider's key in the URL is not shown").not.toContain('SECRETKEY')

    failing = true
    await expect(tracker.runOnce()).rejects.toThrow()
    const degraded = tracker.health(caipNetworkId)!
    expect(degraded.state).toBe('degraded')
    expect(degraded.lastError?.message).toMatch(/503|block number/)
    expect(degraded.since.getTime()).toBeGreaterThanOrEqual(ok.since.getTime())

    const impatient = make(0)
    await expect(impatient.runOnce()).rejects.toThrow()
    expect(impatient.health(caipNetworkId)!.state, 'nothing read for downAfterMs').toBe('down')

    failing = false
    await tracker.runOnce()
    expect(tracker.health(caipNetworkId)).toMatchObject({ state: 'ok' })
  })

  it("keeps a provider's key out of the last error, though the reader names the URL that failed", async () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    // Port 9 (discard) on loopback: nothing listens, so the read fails at once.
    const tracker = createPaymentTracker({
      db: database.db,
      networks: [{ caipNetworkId: solana, rpcUrl: 'http://127.0.0.1:9/v2/SECRETKEY' }],
      rpcTimeoutMs: 500,
    })
    await expect(tracker.runOnce()).rejects.toThrow()
    expect(tracker.health(solana)!.lastError?.message).toBe('http://127.0.0.1:9 could not be reached')
  })

  it('on a fresh install scans from the first head it read, not from the head of its first successful pass', async () => {
    const fresh = await openDatabase({ dataDir: ':memory:' })
    try {
      const tracker = createPaymentTracker({
        db: fresh.db,
        networks: [{ caipNetworkId: 'eip155:31337', rpcUrl: chain.url }],
        rpcTimeoutMs: 1000,
      })
      identityFails = true
      await expect(tracker.runOnce()).rejects.toThrow()
      // Blocks 17 to 20 are mined while the tracker cannot finish a pass; a deposit may be in any.
      head = 20
      identityFails = false
      blocksAsked.length = 0
      await tracker.runOnce()
      expect(blocksAsked).toEqual(expect.arrayContaining([16, 17, 18, 19, 20]))
    } finally {
      head = 16
      await fresh.close()
    }
  })

  it("ignores a lagging node's older head, however far behind: no halt, no reorg, degraded until it catches up", async () => {
    const caipNetworkId = 'eip155:31337'
    const lagging = await openDatabase({ dataDir: ':memory:' })
    try {
      const tracker = createPaymentTracker({
        db: lagging.db,
        networks: [{ caipNetworkId, rpcUrl: chain.url }],
        rpcTimeoutMs: 1000,
        settings: { reorgDepthLimit: 4 },
      })
      head = 16
      await tracker.runOnce()
      head = 6
      await expect(tracker.runOnce()).rejects.toThrow(/a node behind the others/)
      expect(tracker.health(caipNetworkId)).toMatchObject({ state: 'degraded', lagBlocks: 0n })
      head = 18
      blocksAsked.length = 0
      await tracker.runOnce()
      expect(tracker.health(caipNetworkId)).toMatchObject({ state: 'ok', lagBlocks: 0n })
      expect(blocksAsked).toEqual(expect.arrayContaining([17, 18]))
    } finally {
      head = 16
      await lagging.close()
    }
  })
})
