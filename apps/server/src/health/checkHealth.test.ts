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
    const health = await checkHealth({
      db: database.db,
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
