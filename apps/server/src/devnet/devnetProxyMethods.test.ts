import { startDevnet, type Devnet } from '@paylink/devnet'
import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { installErrorHandling } from '../http/errorHandling.js'
import { RouteRegistry } from '../http/routeRegistry.js'
import { startHttpServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import { devnetNetworks } from './devnetNetworks.js'
import { devnetRoutes } from './devnetRoutes.js'

// The demo's proxies in front of the real devnet (anvil, the Solana devnet): what a visitor can
// send through them, and that the admin methods leave the shared chain as it was.
let devnet: Devnet
let esplora: TestHttpServer
let app: FastifyInstance
let wsBase = ''
beforeAll(async () => {
  devnet = await startDevnet({ bitcoin: false })
  esplora = await startHttpServer((_, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'))
  const { upstreams } = devnetNetworks(devnet)
  app = Fastify()
  app.decorate('routeRegistry', new RouteRegistry())
  installErrorHandling(app)
  await app.register(devnetRoutes, { upstreams: { ...upstreams, 'bip122:stand-in': { rpcUrl: esplora.url } } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  wsBase = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await app?.close()
  await esplora?.close()
  await devnet?.stop()
})

const rpc = async (url: string, body: unknown) => {
  const res = await app.inject({ method: 'POST', url, payload: body as object })
  return { status: res.statusCode, body: res.json() }
}
const evm = (method: string, params: unknown[] = [], id: number = 1) =>
  rpc('/devnet/rpc/31337', { jsonrpc: '2.0', id, method, params })
const someone = '0x000000000000000000000000000000000000dEaD'

describe("the demo's EVM proxy", () => {
  it('refuses anvil_*, evm_snapshot/evm_revert, debug_* with -32601 and a sentence, and the chain is untouched', async () => {
    await evm('evm_mine') // a block to lose, so that a reset would show
    const blockBefore = (await evm('eth_blockNumber')).body.result as string
    const codeBefore = (await evm('eth_getCode', [devnet.token.address, 'latest'])).body.result as string
    expect(BigInt(blockBefore)).toBeGreaterThan(0n)
    expect(codeBefore.length).toBeGreaterThan(2)

    const admin: Array<[string, unknown[]]> = [
      ['anvil_reset', []],
      ['anvil_setBalance', [someone, '0xffffffffffffffffffff']],
      ['anvil_setCode', [devnet.token.address, '0x00']],
      ['anvil_impersonateAccount', [devnet.accounts[0]]],
      ['evm_snapshot', []],
      ['evm_revert', ['0x0']],
      ['anvil_dumpState', []],
      ['debug_traceTransaction', [`0x${'00'.repeat(32)}`]],
      ['hardhat_reset', []],
      ['evm_setNextBlockTimestamp', ['0x1']],
    ]
    for (const [method, params] of admin) {
      const { status, body } = await evm(method, params, 9)
      expect([method, status, body.id, body.error?.code]).toEqual([method, 200, 9, -32601])
      expect(body.error.message).toContain(`does not forward ${method}`)
      expect(body.result).toBeUndefined()
    }

    expect((await evm('eth_blockNumber')).body.result).toBe(blockBefore)
    expect((await evm('eth_getCode', [devnet.token.address, 'latest'])).body.result).toBe(codeBefore)
    expect((await evm('eth_getBalance', [someone, 'latest'])).body.result).toBe('0x0')
  })

  it('answers a batch element by element: allowed calls go through, refused ones get -32601 in their place', async () => {
    const { status, body } = await rpc('/devnet/rpc/31337', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'anvil_reset' },
      { jsonrpc: '2.0', id: 3, method: 'net_version' },
      { jsonrpc: '2.0', id: 4, method: 'web3_clientVersion' },
    ])
    expect(status).toBe(200)
    expect(
      body.map((a: { id: number; result?: unknown; error?: { code: number } }) => [a.id, a.error?.code ?? 'ok']),
    ).toEqual([
      [1, 'ok'],
      [2, -32601],
      [3, 'ok'],
      [4, 'ok'],
    ])
    expect(body[0].result).toBe('0x7a69')
    const allRefused = await rpc('/devnet/rpc/31337', [{ jsonrpc: '2.0', id: 5, method: 'anvil_mine' }])
    expect(allRefused.body).toEqual([
      expect.objectContaining({ id: 5, error: expect.objectContaining({ code: -32601 }) }),
    ])
  })

  it('lets through what wallets use: reads, sends, personal_sign, evm_mine', async () => {
    const before = BigInt((await evm('eth_blockNumber')).body.result)
    expect((await evm('evm_mine')).body.error).toBeUndefined()
    expect(BigInt((await evm('eth_blockNumber')).body.result)).toBe(before + 1n)
    const signed = await evm('personal_sign', ['0x68656c6c6f', devnet.accounts[0]])
    expect(signed.body.result).toMatch(/^0x[0-9a-f]{130}$/)
    const sent = await evm('eth_sendTransaction', [{ from: devnet.accounts[0], to: someone, value: '0x1' }])
    expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe("the demo's Solana proxy", () => {
  it('refuses requestAirdrop over HTTP (the faucet is POST /devnet/faucet) and forwards reads', async () => {
    const address = '11111111111111111111111111111112'
    const airdrop = await rpc('/devnet/solana/rpc', {
      jsonrpc: '2.0',
      id: 1,
      method: 'requestAirdrop',
      params: [address, 1_000_000_000],
    })
    expect(airdrop.body.error.code).toBe(-32601)
    const read = await rpc('/devnet/solana/rpc', { jsonrpc: '2.0', id: 2, method: 'getBalance', params: [address] })
    expect(read.body.result.value).toBe(0)
  })

  it('refuses requestAirdrop on the websocket and still carries subscriptions', async () => {
    const socket = new WebSocket(`${wsBase}/devnet/solana/ws`)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const next = () =>
      new Promise<{ id: number; result?: unknown; error?: { code: number; message: string } }>((resolve) =>
        socket.once('message', (frame) => resolve(JSON.parse(String(frame)))),
      )
    const refused = next()
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: ['x', 1] }))
    // Answered by the proxy itself, not passed on to the devnet.
    expect(await refused).toEqual(
      expect.objectContaining({
        id: 1,
        error: expect.objectContaining({
          code: -32601,
          message: expect.stringContaining('does not forward requestAirdrop'),
        }),
      }),
    )
    const subscribed = next()
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slotSubscribe' }))
    expect(await subscribed).toEqual(expect.objectContaining({ id: 2, result: expect.any(Number) }))
    socket.close()
  })
})

describe("the demo's Esplora proxy", () => {
  it('takes GETs and POST /tx only', async () => {
    expect((await app.inject({ method: 'GET', url: '/devnet/bitcoin/esplora/blocks/tip/height' })).statusCode).toBe(200)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/devnet/bitcoin/esplora/tx',
          payload: 'ab',
          headers: { 'content-type': 'text/plain' },
        })
      ).statusCode,
    ).toBe(200)
    const seen = esplora.requests.length
    const other = await app.inject({
      method: 'POST',
      url: '/devnet/bitcoin/esplora/admin/reset',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    })
    expect([other.statusCode, other.json().error.code]).toEqual([404, 'NOT_FOUND'])
    expect(esplora.requests.length).toBe(seen)
  })
})
