import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { startFaultProxy, type FaultProxy } from './startFaultProxy.js'
import { startHttpServer, startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'

let evm: TestHttpServer
let solana: TestHttpServer
let esplora: TestHttpServer
const proxies: FaultProxy[] = []
const start = async (...args: Parameters<typeof startFaultProxy>) => {
  const proxy = await startFaultProxy(...args)
  proxies.push(proxy)
  onTestFailed(() => console.error(`fault proxy seed ${proxy.seed} (FAULT_SEED=${proxy.seed} replays it)`))
  return proxy
}
const rpc = async (url: string, body: unknown) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // A hang ends when the proxy drops the connection after its hangMs (status 0 below); this
      // timeout only bounds a test gone wrong, so the outcomes do not depend on the machine's speed.
      signal: AbortSignal.timeout(5000),
    })
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() }
  } catch {
    return { status: 0, retryAfter: null, text: '' }
  }
}

beforeAll(async () => {
  evm = await startJsonRpcServer({ eth_blockNumber: '0x64', eth_getLogs: [], eth_chainId: '0x7a69' })
  solana = await startJsonRpcServer({ getSlot: 500, getTransaction: { slot: 400 } })
  esplora = await startHttpServer((request, res) => {
    if (request.url === '/blocks/tip/height') res.writeHead(200, { 'content-type': 'text/plain' }).end('120')
    else if (request.url.startsWith('/block-height/'))
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`hash${request.url.slice('/block-height/'.length)}`)
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"txid":"ab","status":{"confirmed":true}}')
  })
})
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()))
  await Promise.all([evm, solana, esplora].map((server) => server?.close()))
})

describe('startFaultProxy', () => {
  it('faults about the asked share of requests, with every transport fault, the same ones for the same seed', async () => {
    const run = async (seed: number) => {
      const proxy = await start({ upstream: evm.url, flavour: 'evm', seed, rate: 0.3, hangMs: 200 })
      const outcomes: string[] = []
      for (let i = 0; i < 120; i++) {
        const answer = await rpc(proxy.url, { jsonrpc: '2.0', id: i, method: 'eth_chainId' })
        outcomes.push(`${answer.status}:${answer.retryAfter ?? ''}:${answer.text}`)
      }
      return { proxy, outcomes }
    }
    const [a, b] = [await run(7), await run(7)]
    expect(b.outcomes, 'the same seed, the same faults').toEqual(a.outcomes)
    const faulted = a.outcomes.filter((o) => !o.startsWith('200::{"jsonrpc":"2.0","id":')).length
    expect(faulted).toBeGreaterThan(120 * 0.1)
    expect(faulted).toBeLessThan(120 * 0.45)
    expect(
      a.outcomes.some((o) => o.startsWith('429:1:')),
      '429 with Retry-After',
    ).toBe(true)
    expect(
      a.outcomes.some((o) => /^5\d\d:/.test(o)),
      '5xx',
    ).toBe(true)
    expect(
      a.outcomes.some((o) => o.startsWith('0:')),
      'a hang, dropped after hangMs',
    ).toBe(true)
    expect(a.proxy.injected['http-429']).toBeGreaterThan(0)
  })

  it('refuses eth_getLogs over more blocks than the limit every time, and answers narrower ranges', async () => {
    const proxy = await start({ upstream: evm.url, flavour: 'evm', seed: 1, rate: 0, getLogsMaxRange: 5 })
    const logs = (from: number, to: number) =>
      rpc(proxy.url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }],
      })
    expect(JSON.parse((await logs(1, 10)).text).error.message).toMatch(/range too large/)
    expect(JSON.parse((await logs(1, 5)).text)).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
  })

  it('fails one element of a batch, lags the head and cuts bodies off at rate 1', async () => {
    const proxy = await start({ upstream: evm.url, flavour: 'evm', seed: 3, rate: 1, hangMs: 100 })
    for (let i = 0; i < 60; i++)
      await rpc(proxy.url, [
        { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
      ])
    expect(proxy.injected['batch-element']).toBeGreaterThan(0)
    expect(proxy.injected['lagging-head']).toBeGreaterThan(0)
    expect(proxy.injected['cut-json']).toBeGreaterThan(0)
  })

  it('answers Solana getTransaction null the first time, then the real answer', async () => {
    const proxy = await start({ upstream: solana.url, flavour: 'solana', seed: 11, rate: 0 })
    const answers: unknown[] = []
    for (let i = 0; i < 20; i++) {
      const first = JSON.parse(
        (await rpc(proxy.url, { jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [`sig${i}`] })).text,
      ).result
      const second = JSON.parse(
        (await rpc(proxy.url, { jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [`sig${i}`] })).text,
      ).result
      answers.push(first)
      expect(second, 'the second answer is the real one').toEqual({ slot: 400 })
    }
    expect(answers).toContain(null)
  })

  it('lags the Esplora tip (height and hash together) and fails every request in an outage', async () => {
    const proxy = await start({ upstream: esplora.url, flavour: 'esplora', seed: 5, rate: 1, hangMs: 100 })
    const heights = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${proxy.url}/blocks/tip/height`).catch(() => null)
      if (response?.status === 200) heights.add(await response.text())
    }
    expect([...heights].sort()).toEqual(['118', '120'])
    proxy.setRate(0)
    proxy.outage(500)
    const during = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${proxy.url}/tx/ab`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    )
    expect(during.every((status) => status === 0 || status === 503)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect((await fetch(`${proxy.url}/tx/ab`)).status).toBe(200)
  })
})
