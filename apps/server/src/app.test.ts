import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiErrorSchema, healthSchema, publicConfigSchema } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type AppConfig } from './app.js'
import { openDatabase, type Database } from './db/openDatabase.js'
import { notBuiltMessage } from './web/webAppRoutes.js'
import { offlineAssets, testNetwork } from './testing/offlineApp.js'
import { startHangingServer, startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'

let database: Database
let rpc: TestHttpServer
let hanging: TestHttpServer
let webDist: string

const network = (caipNetworkId: string, rpcUrl: string) => testNetwork(caipNetworkId, rpcUrl, `Net ${caipNetworkId}`)

function config(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: [network('eip155:31337', rpc.url)],
    assets: [offlineAssets[0]!],
    database,
    webDist,
    chainTimeoutMs: 300,
    ...overrides,
  }
}

const apps: FastifyInstance[] = []
async function app(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const instance = await buildApp(config(overrides))
  apps.push(instance)
  return instance
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  rpc = await startJsonRpcServer({ eth_blockNumber: '0x10' })
  hanging = await startHangingServer()
  webDist = mkdtempSync(join(tmpdir(), 'paylink-web-'))
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Paylink test</title><div id="root"></div>')
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("paylink")')
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
}, 30_000)

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()))
  await Promise.all([rpc?.close(), hanging?.close()])
  await database?.close()
  rmSync(webDist, { recursive: true, force: true })
})

describe('GET /api/health', () => {
  it('reports the database and each chain head as a decimal string', async () => {
    // A live RPC: room to answer on a busy machine (the 300 ms default is for the hung-RPC case).
    const res = await (await app({ chainTimeoutMs: 5000 })).inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    const body = healthSchema.parse(res.json())
    expect(body).toEqual({ ok: true, db: true, chains: [{ caipNetworkId: 'eip155:31337', head: '16' }] })
  })

  it('reports null for a dead or hung RPC, within the timeout', async () => {
    const instance = await app({
      networks: [
        network('eip155:31337', rpc.url),
        network('eip155:1', hanging.url),
        network('eip155:2', 'http://127.0.0.1:9/'),
      ],
      assets: [],
    })
    const started = Date.now()
    const res = await instance.inject({ method: 'GET', url: '/api/health' })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(res.json()).toEqual({
      ok: true,
      db: true,
      chains: [
        { caipNetworkId: 'eip155:31337', head: '16' },
        { caipNetworkId: 'eip155:1', head: null },
        { caipNetworkId: 'eip155:2', head: null },
      ],
    })
  })

  it('answers 503 when the database does not', async () => {
    const broken = await openDatabase({ dataDir: ':memory:' })
    const instance = await app({ database: broken, networks: [], assets: [] })
    await broken.close()
    const res = await instance.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ ok: false, db: false })
  })
})

describe('GET /api/config', () => {
  it('matches publicConfigSchema', async () => {
    const res = await (await app({ demo: true })).inject({ method: 'GET', url: '/api/config' })
    expect(res.statusCode).toBe(200)
    const body = publicConfigSchema.parse(res.json())
    expect(body.projectId).toBeNull()
    expect(body.demo).toBe(true)
    expect(body.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
    expect(body.assets[0]!.assetId).toBe('eip155:31337/slip44:60')
  })

  it('refuses to start with a config the web app would reject', async () => {
    await expect(
      buildApp(config({ networks: [{ ...network('eip155:1', rpc.url), rpcUrl: 'not a url' }] })),
    ).rejects.toThrow()
  })
})

describe('GET /api/openapi.json', () => {
  it('lists every route with its schemas', async () => {
    const instance = await app({ devnetUpstreams: { 'eip155:31337': { rpcUrl: rpc.url } } })
    const doc = (await instance.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/config',
      '/api/deposits',
      '/api/deposits/collect',
      '/api/events',
      '/api/health',
      '/api/keys',
      '/api/keys/{id}',
      '/api/links',
      '/api/links/{id}',
      '/api/links/{id}/deactivate',
      '/api/links/{id}/deliveries',
      '/api/links/{id}/embed-origins',
      '/api/links/{id}/events',
      '/api/links/{id}/orders',
      '/api/links/{id}/payments',
      '/api/links/{id}/pos-devices',
      '/api/links/{id}/pos-devices/{deviceId}',
      '/api/links/{id}/reactivate',
      '/api/links/{id}/receipt-email',
      '/api/links/{id}/webhook',
      '/api/links/{id}/webhook/rotate-secret',
      '/api/links/{id}/webhook/test',
      '/api/links/{id}/webhooks/{deliveryId}/redeliver',
      '/api/me',
      '/api/merchant-logos/{hash}',
      '/api/merchant/embed-origins',
      '/api/merchant/profile',
      '/api/merchant/receiving-keys/{namespace}',
      '/api/openapi.json',
      '/api/payments',
      '/api/payments.csv',
      '/api/payments/{id}',
      '/api/payments/{id}/refund-address',
      '/api/payments/{id}/refunds',
      '/api/plans',
      '/api/plans/{id}',
      '/api/plans/{id}/disable',
      '/api/plans/{id}/page',
      '/api/plans/{id}/subscriptions',
      '/api/pos/{id}',
      '/api/pos/{id}/sales',
      '/api/pos/{id}/sales/{orderId}',
      '/api/siwx/nonce',
      '/api/siwx/sessions',
      '/api/subscriptions',
      '/api/subscriptions/mrr',
      '/api/subscriptions/{id}',
      '/api/subscriptions/{id}/cancel',
      '/api/subscriptions/{id}/page',
      '/api/unmatched',
      '/api/unmatched/{id}/attach',
      '/api/unmatched/{id}/refunded',
      '/devnet/bitcoin/esplora/*',
      '/devnet/faucet',
      '/devnet/mine',
      '/devnet/rpc/{chainId}',
      '/devnet/solana/rpc',
    ])
    const config = doc.paths['/api/config'].get.responses['200'].content['application/json'].schema
    expect(config.required).toEqual(expect.arrayContaining(['projectId', 'demo', 'networks', 'assets']))
    const proxy = doc.paths['/devnet/rpc/{chainId}'].post
    expect(proxy.parameters).toEqual([expect.objectContaining({ name: 'chainId', in: 'path', required: true })])
    expect(proxy.requestBody.content['application/json'].schema).toBeTruthy()
    expect(proxy.responses['400']).toBeTruthy()
  })
})

describe('errors', () => {
  /** POST /devnet/rpc/31337 on an app proxying to the fake RPC: the devnet proxy is a JSON route that any body reaches. */
  async function postToDevnetRpc(request: { headers?: Record<string, string>; payload: string | object }) {
    const instance = await app({ devnetUpstreams: { 'eip155:31337': { rpcUrl: rpc.url } } })
    return instance.inject({ method: 'POST', url: '/devnet/rpc/31337', ...request })
  }

  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await postToDevnetRpc({
      headers: { 'content-type': 'application/json' },
      payload: '{"jsonrpc": "2.0", ',
    })
    expect(res.statusCode).toBe(400)
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('INVALID_JSON')
  })

  it('answers a body that fails the schema with 400 INVALID_REQUEST naming the field', async () => {
    const res = await postToDevnetRpc({ payload: { jsonrpc: '2.0', method: 42 } })
    expect(res.statusCode).toBe(400)
    const { error } = apiErrorSchema.parse(res.json())
    expect(error.code).toBe('INVALID_REQUEST')
    expect(error.message).toMatch(/^body/)
  })

  it('answers unknown /api routes with 404 and the error shape, whatever the method', async () => {
    const instance = await app()
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await instance.inject({ method, url: '/api/nope', headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(404)
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('NOT_FOUND')
    }
  })

  it('answers a wrong content type with 415, not 500', async () => {
    const res = await postToDevnetRpc({ headers: { 'content-type': 'application/xml' }, payload: '<x/>' })
    expect(res.statusCode).toBe(415)
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('web app', () => {
  it('serves index.html for client-side routes', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/wallet', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('Paylink test')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('serves / and static assets, hashed ones cached for good', async () => {
    const instance = await app()
    const root = await instance.inject({ method: 'GET', url: '/' })
    expect(root.statusCode).toBe(200)
    expect(root.body).toContain('Paylink test')
    const asset = await instance.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log("paylink")')
    expect(asset.headers['cache-control']).toContain('immutable')
    const icon = await instance.inject({ method: 'GET', url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
  })

  it('does not answer missing files or non-HTML requests with index.html', async () => {
    const instance = await app()
    const missing = await instance.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: 'text/html' } })
    expect(missing.statusCode).toBe(404)
    const json = await instance.inject({ method: 'GET', url: '/wallet', headers: { accept: 'application/json' } })
    expect(json.statusCode).toBe(404)
  })

  it('answers 503 with a hint when the web app is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'paylink-web-empty-'))
    try {
      for (const dist of [empty, join(empty, 'missing')]) {
        const instance = await app({ webDist: dist })
        const res = await instance.inject({ method: 'GET', url: '/' })
        expect(res.statusCode).toBe(503)
        expect(res.headers['content-type']).toMatch(/text\/plain/)
        expect(res.body).toBe(notBuiltMessage)
        expect(res.body).toContain('npm run build')
        const api = await instance.inject({ method: 'GET', url: '/api/health' })
        expect(api.statusCode).toBe(200)
      }
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})

describe('security headers', () => {
  it('sends a CSP that allows the configured RPC origins and no toolkit hosts without a project id', async () => {
    const instance = await app({
      networks: [network('eip155:31337', rpc.url), network('eip155:8453', 'https://base.example.org/rpc?key=1')],
      assets: [],
    })
    const res = await instance.inject({ method: 'GET', url: '/' })
    const csp = res.headers['content-security-policy'] as string
    const connect = directive(csp, 'connect-src')
    expect(connect).toContain("'self'")
    expect(connect).toContain(new URL(rpc.url).origin)
    expect(connect).toContain('https://base.example.org')
    expect(csp).not.toContain('walletconnect')
    expect(directive(csp, 'script-src')).toEqual(["'self'"])
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"])
    expect(directive(csp, 'frame-src')).toEqual([])
    expect(csp).not.toContain('upgrade-insecure-requests')
  })

  it('adds the Reown hosts only when a project id is set', async () => {
    const instance = await app({ projectId: '0123456789abcdef0123456789abcdef' })
    const csp = (await instance.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://*.walletconnect.org', 'https://*.reown.com', 'wss://*.walletconnect.org']),
    )
    expect(directive(csp, 'frame-src')).toEqual([
      'https://secure.walletconnect.org',
      'https://verify.walletconnect.org',
    ])
  })
})

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
  return found ? found.slice(1) : []
}
