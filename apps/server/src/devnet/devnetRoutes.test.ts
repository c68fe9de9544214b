import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
import { apiErrorSchema } from '@paylink/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandling } from '../http/errorHandling.js'
import { RouteRegistry } from '../http/routeRegistry.js'
import { startHttpServer, startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import type { DevnetFaucet } from './devnetFaucet.js'
import { devnetRoutes, rpcProxyBodyLimit } from './devnetRoutes.js'
import { isSolanaAddress } from '@paylink/chains/solana/server'

let chainA: TestHttpServer
let chainB: TestHttpServer
let solana: TestHttpServer
let notJson: TestHttpServer
let app: FastifyInstance
const sent: Array<{ asset: string; address: string; amount: bigint }> = []
const mint = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
const tusd = `solana:devnetGenesis/token:${mint}`
const fakeFaucet: DevnetFaucet = {
  namespace: 'solana',
  assets: [
    {
      assetId: tusd,
      caipNetworkId: 'solana:devnetGenesis',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      native: false,
    },
  ],
  isAddress: isSolanaAddress,
  send: async ({ asset, address, amount }) => {
    sent.push({ asset: asset.assetId, address, amount })
    return 'faucetSignature'
  },
}

beforeAll(async () => {
  chainA = await startJsonRpcServer({ eth_chainId: '0x7a69', eth_blockNumber: '0x5' })
  chainB = await startJsonRpcServer({ eth_chainId: '0x7a6a' })
  solana = await startJsonRpcServer({ getGenesisHash: 'devnetGenesisHash111111111111111111111111111' })
  notJson = await startHttpServer((_, res) =>
    res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'),
  )
  // A closed port: something that was listening a moment ago and is gone (anvil crashed).
  const gone = await startHttpServer(() => {})
  await gone.close()
  app = Fastify()
  app.decorate('routeRegistry', new RouteRegistry())
  installErrorHandling(app)
  await app.register(devnetRoutes, {
    upstreams: {
      'eip155:31337': { rpcUrl: chainA.url },
      'eip155:31338': { rpcUrl: chainB.url },
      'eip155:1': { rpcUrl: gone.url },
      'eip155:2': { rpcUrl: notJson.url },
      'solana:devnetGenesis': { rpcUrl: solana.url },
    },
    faucets: [fakeFaucet],
    timeoutMs: 1000,
  })
})
afterAll(async () => {
  await app?.close()
  await Promise.all([chainA, chainB, solana, notJson].map((s) => s?.close()))
})

const call = (chainId: string | number, payload: unknown) =>
  app.inject({ method: 'POST', url: `/devnet/rpc/${chainId}`, payload: payload as object })

describe('devnet RPC proxy', () => {
  it('forwards the JSON-RPC body to the chain with that id and returns its answer', async () => {
    const a = await call(31337, { jsonrpc: '2.0', id: 7, method: 'eth_chainId' })
    expect(a.statusCode).toBe(200)
    expect(a.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
    const b = await call(31338, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(b.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a6a' })
    expect(JSON.parse(chainB.requests.at(-1)!.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_chainId',
      params: [],
    })
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

  it('forwards /devnet/solana/rpc to the Solana devnet', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/devnet/solana/rpc',
      payload: { jsonrpc: '2.0', id: '1', method: 'getGenesisHash' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: '1', result: 'devnetGenesisHash111111111111111111111111111' })
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
    const big = await call(31337, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: ['x'.repeat(rpcProxyBodyLimit)],
    })
    expect(big.statusCode).toBe(413)
    expect(apiErrorSchema.parse(big.json()).error.code).toBe('BODY_TOO_LARGE')
  })
})

describe('devnet faucet route', () => {
  const faucet = (payload: unknown) => app.inject({ method: 'POST', url: '/devnet/faucet', payload: payload as object })

  it('sends the asked amount, in atomic units, to the address and answers what it sent', async () => {
    sent.length = 0
    const res = await faucet({ asset: tusd, address: mint, amount: '1.5' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ transactionId: 'faucetSignature', asset: tusd, address: mint, amount: '1.5' })
    expect(sent).toEqual([{ asset: tusd, address: mint, amount: 1_500_000n }])
  })

  it.each([
    [
      'an asset no devnet faucet has',
      { asset: 'eip155:1/slip44:60', address: mint, amount: '1' },
      'UNSUPPORTED_ASSET',
      'asset',
    ],
    ['no CAIP-19 asset id', { asset: 'TUSD', address: mint, amount: '1' }, 'INVALID_REQUEST', 'body.asset'],
    [
      'an address of another chain',
      { asset: tusd, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', amount: '1' },
      'INVALID_ADDRESS',
      'address',
    ],
    [
      'a base58 string that is not 32 bytes',
      { asset: tusd, address: '3mJr7AoUXx2Wqd', amount: '1' },
      'INVALID_ADDRESS',
      'address',
    ],
    ['a zero amount', { asset: tusd, address: mint, amount: '0' }, 'INVALID_AMOUNT', 'amount'],
    [
      'more decimals than the asset has',
      { asset: tusd, address: mint, amount: '0.0000001' },
      'INVALID_AMOUNT',
      'amount',
    ],
    [
      'more than the faucet sends at once',
      { asset: tusd, address: mint, amount: '1000.000001' },
      'INVALID_AMOUNT',
      'amount',
    ],
    ['a negative amount', { asset: tusd, address: mint, amount: '-1' }, 'INVALID_REQUEST', 'body.amount'],
    [
      'a number instead of a decimal string',
      { asset: tusd, address: mint, amount: 1 },
      'INVALID_REQUEST',
      'body.amount',
    ],
  ])('answers 400 naming the field for %s, and sends nothing', async (_, payload, code, field) => {
    sent.length = 0
    const res = await faucet(payload)
    expect(res.statusCode).toBe(400)
    const { error } = apiErrorSchema.parse(res.json())
    expect(error.code).toBe(code)
    expect(error.message.startsWith(field)).toBe(true)
    expect(sent).toEqual([])
  })
})
