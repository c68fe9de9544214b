import { healthSchema } from '@paylink/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { checkHealth } from './checkHealth.js'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
}, 60_000)
afterAll(async () => database?.close())

describe('checkHealth with the tracker', () => {
  it("reports each network's status, endpoint, last error, lag and since, as the schema says", async () => {
    const since = new Date('2026-11-26T17:00:00Z')
    const health = await checkHealth(database.db, {
      networks: [
        { caipNetworkId: 'eip155:8453', rpcUrl: 'https://a.example' },
        { caipNetworkId: 'eip155:10', rpcUrl: 'https://b.example' },
      ],
      timeoutMs: 1000,
      readHead: async () => 100n,
      trackerHealth: (id) =>
        id === 'eip155:8453'
          ? {
              state: 'degraded',
              endpoint: 'https://a.example',
              lastError: { message: 'https://a.example answered HTTP 429', at: since },
              lagBlocks: 3n,
              since,
            }
          : null,
    })
    expect(healthSchema.parse(health)).toEqual(health)
    expect(health.chains).toEqual([
      {
        caipNetworkId: 'eip155:8453',
        head: '100',
        status: 'degraded',
        endpoint: 'https://a.example',
        lastError: { message: 'https://a.example answered HTTP 429', at: since.toISOString() },
        lagBlocks: '3',
        since: since.toISOString(),
      },
      { caipNetworkId: 'eip155:10', head: '100' },
    ])
  })
})

describe('checkHealth with the x402 gas keys', () => {
  const gas = {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    threshold: '0.01',
    networks: [{ caipNetworkId: 'eip155:8453', balance: '0.001', low: true }],
    solana: { address: 'Fee1111111111111111111111111111111111111111', threshold: '0.01', networks: [] },
  }
  const check = (x402Gas?: () => Promise<typeof gas> | undefined) =>
    checkHealth(database.db, { networks: [], timeoutMs: 50, ...(x402Gas ? { x402Gas } : {}) })

  it('shows the balances and `low` when the facilitator runs, and nothing when it does not', async () => {
    const health = await check(async () => gas)
    expect(healthSchema.parse(health)).toEqual(health)
    expect(health.x402Gas).toEqual(gas)
    expect(await check(() => undefined)).not.toHaveProperty('x402Gas')
    expect(await check()).not.toHaveProperty('x402Gas')
  })

  it('leaves the balances out, still ok, when their RPCs fail or are slow', async () => {
    const failed = await check(() => Promise.reject(new Error('RPC down')))
    expect(failed).toMatchObject({ ok: true })
    expect(failed).not.toHaveProperty('x402Gas')
    const slow = await check(() => new Promise(() => {}))
    expect(slow).toMatchObject({ ok: true })
    expect(slow).not.toHaveProperty('x402Gas')
  })
})
