import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type AppConfig } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'

let database: Database
let rpc: TestHttpServer
let webDist: string
const apps: FastifyInstance[] = []
const token = 'scrape-me-0123456789'
const app = async (metricsToken: string | null) => {
  const config: AppConfig = {
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: [
      {
        caipNetworkId: 'eip155:31337',
        name: 'Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: rpc.url,
        blockExplorerUrl: null,
        testnet: true,
        confirmations: 1,
      },
    ],
    assets: [],
    database,
    webDist,
    metricsToken,
  }
  const instance = await buildApp(config)
  apps.push(instance)
  return instance
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  rpc = await startJsonRpcServer({ eth_blockNumber: '0x10' })
  webDist = mkdtempSync(join(tmpdir(), 'paylink-web-'))
}, 60_000)
afterAll(async () => {
  await Promise.all(apps.map((instance) => instance.close()))
  await rpc?.close()
  await database?.close()
  rmSync(webDist, { recursive: true, force: true })
})

describe('GET /metrics', () => {
  it('answers Prometheus text to a scraper with the token, 401 without it', async () => {
    const instance = await app(token)
    expect((await instance.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401)
    const wrong = await instance.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } })
    expect(wrong.statusCode).toBe(401)
    const res = await instance.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toContain('paylink_rpc_requests_total{network="eip155:31337"} 0')
    expect(res.body).toContain('# TYPE paylink_tracker_errors_total counter')
    expect(res.body).toContain('# TYPE paylink_tracker_lag_blocks gauge')
  })

  it('is off by default: no metrics are served', async () => {
    const instance = await app(null)
    const res = await instance.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(res.body).not.toContain('paylink_rpc_requests_total')
  })
})
