import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandling } from '../http/errorHandling.js'
import { RouteRegistry } from '../http/routeRegistry.js'
import { startHttpServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import { devnetRoutes } from './devnetRoutes.js'

// Every byte value, and sequences that are not UTF-8 (0x80 alone, 0xff): a raw block is binary.
const rawBlock = Buffer.from([...Array.from({ length: 256 }, (_, i) => i), 0xc3, 0x28, 0x80, 0xff, 0xfe, 0x00])
let esplora: TestHttpServer
let app: FastifyInstance

beforeAll(async () => {
  esplora = await startHttpServer((request, res) => {
    if (request.url.endsWith('/raw')) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(rawBlock)
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('101')
  })
  app = Fastify()
  app.decorate('routeRegistry', new RouteRegistry())
  installErrorHandling(app)
  await app.register(devnetRoutes, {
    upstreams: { 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': { rpcUrl: esplora.url } },
    timeoutMs: 1000,
  })
})
afterAll(async () => {
  await app?.close()
  await esplora?.close()
})

describe('the devnet Esplora proxy', () => {
  it('passes a binary answer (/block/:hash/raw) through byte for byte, with its content type', async () => {
    const res = await app.inject({ method: 'GET', url: '/devnet/bitcoin/esplora/block/00ab/raw' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.rawPayload.length).toBe(rawBlock.length)
    expect(res.rawPayload.equals(rawBlock)).toBe(true)
  })

  it('still passes text as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/devnet/bitcoin/esplora/blocks/tip/height' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('101')
  })
})
