import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCollector } from './collectorPull.js'

// A provider that limits every request: the collector cannot read the contract's answer.
let server: Server
let url: string

beforeAll(async () => {
  server = createServer((_, response) => {
    response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' })
    response.end('{"error":"rate limited"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('collector check', () => {
  it('throws when the RPC fails, so the scheduler retries the pull instead of falling back to a renewal link', async () => {
    const collector = createCollector(`0x${'11'.repeat(32)}`, () => url)
    await expect(
      collector.check({
        caipNetworkId: 'eip155:31337',
        collectorId: `0x${'22'.repeat(32)}`,
        to: `0x${'33'.repeat(20)}`,
        amount: 5_000_000n,
      }),
    ).rejects.toThrow()
  })
})
