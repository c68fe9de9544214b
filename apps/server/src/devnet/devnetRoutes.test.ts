import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
import { apiErrorSchema } from '@paylink/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandling } from '../http/errorHandling.js'
import { RouteRegistry } from '../http/routeRegistry.js'
import { startHttpServer, startJsonRpcServer, type TestHttpServer } from '../testing/startHttpServer.js'
import { devnetRoutes, rpcProxyBodyLimit } from './devnetRoutes.js'

let chainA: TestHttpServer
let chainB: TestHttpServer
let notJson: TestHttpServer
let app: FastifyInstance

beforeAll(async () => {
  chainA = await startJsonRpcServer({ eth_chainId: '0x7a69', eth_blockNumber: '0x5' })
  chainB = await startJsonRpcServer({ eth_chainId: '0x7a6a' })
  notJson = await startHttpServer((_, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'))
  // A closed port: something that was listening a moment ago and is gone (anvil crashed).
  const gone = await startHttpServer(() => {})
  await gone.close()
  app = Fastify()
  app.decorate('routeRegistry', new RouteRegistry())
  installErrorHandling(app)
  await app.register(devnetRoutes, {
    upstreams: { 31337: chainA.url, 31338: chainB.url, 1: gone.url, 2: notJson.url },
    timeoutMs: 1000,
  })
})
afterAll(async () => {
  await app?.close()
  await Promise.all([chainA, chainB, notJson].map((s) => s?.close()))
})

const call = (chainId: string | number, payload: unknown) => app.inject({ method: 'POST', url: `/devnet/rpc/${chainId}`, payload: payload as object })

describe('devnet RPC proxy', () => {
  it('forwards the JSON-RPC body to the chain with that id and returns its answer', async () => {
    const a = await call(31337, { jsonrpc: '2.0', id: 7, method: 'eth_chainId' })
    expect(a.statusCode).toBe(200)
    expect(a.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
    const b = await call(31338, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(b.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a6a' })
    expect(JSON.parse(chainB.requests.at(-1)!.body)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
  })

  it('forwards batches and JSON-RPC errors as they are', async () => {
    const res = await call(31337, [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 2, method: 'eth_nope' },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x5' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: eth_nope' } },
    ])
  })

  it('answers 404 for a chain id it does not know', async () => {
    for (const id of [999, 'abc']) {
      const res = await call(id, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
      expect(res.statusCode, String(id)).toBe(id === 'abc' ? 400 : 404)
      expect(apiErrorSchema.parse(res.json()).error.code).toBe(id === 'abc' ? 'INVALID_REQUEST' : 'NOT_FOUND')
    }
  })

  it('answers 502 with the error shape when the chain is down or answers nonsense', async () => {
    for (const id of [1, 2]) {
      const res = await call(id, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
      expect(res.statusCode).toBe(502)
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('UPSTREAM_UNAVAILABLE')
    }
  })

  it('refuses bodies that are not JSON-RPC, and bodies over 1 MiB', async () => {
    const notRpc = await call(31337, { hello: 'world' })
    expect(notRpc.statusCode).toBe(400)
    const big = await call(31337, { jsonrpc: '2.0', id: 1, method: 'eth_call', params: ['x'.repeat(rpcProxyBodyLimit)] })
    expect(big.statusCode).toBe(413)
    expect(apiErrorSchema.parse(big.json()).error.code).toBe('BODY_TOO_LARGE')
  })
})
