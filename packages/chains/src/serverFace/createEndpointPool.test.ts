import { afterAll, describe, expect, it } from 'vitest'
import { startHttpServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import { createEndpointPool, EndpointError } from './createEndpointPool.js'

const servers: TestHttpServer[] = []
const serve = async (answers: Array<number | 'hang' | 'cut'>, delayMs = 0) => {
  let n = 0
  const server = await startHttpServer((_, res) => {
    const answer = answers[Math.min(n++, answers.length - 1)]!
    if (answer === 'hang') return
    const reply = () =>
      answer === 'cut'
        ? res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":tr')
        : res
            .writeHead(answer, {
              'content-type': 'application/json',
              ...(answer === 429 ? { 'retry-after': '1' } : {}),
            })
            .end('{"ok":true}')
    if (delayMs) setTimeout(reply, delayMs)
    else reply()
  })
  servers.push(server)
  return server
}
const json = async (response: Response) => (await response.json()) as { ok: boolean }
afterAll(async () => Promise.all(servers.map((server) => server.close())))

describe('createEndpointPool', () => {
  it('moves to the next endpoint when one fails, says so once, reports degraded, and goes back to the first once it answers', async () => {
    const first = await serve([503, 503, 200])
    const second = await serve([200])
    const switches: string[] = []
    const pool = createEndpointPool({
      urls: [first.url, second.url],
      timeoutMs: 1000,
      baseDelayMs: 50,
      onSwitch: (from, to) =>
        switches.push(`${from === first.url ? 'first' : 'second'}->${to === first.url ? 'first' : 'second'}`),
    })
    expect(await pool.request('', { method: 'POST' }, json)).toEqual({ ok: true })
    expect(pool.status()).toMatchObject({ state: 'degraded', endpoint: second.url, lastError: { kind: 'http-5xx' } })
    expect(await pool.request('', { method: 'POST' }, json)).toEqual({ ok: true })
    expect(switches, 'one line per switch, not per request').toEqual(['first->second'])
    await new Promise((resolve) => setTimeout(resolve, 120))
    // The first has rested: tried again (503), then again after a longer rest (200).
    await pool.request('', { method: 'POST' }, json)
    await new Promise((resolve) => setTimeout(resolve, 250))
    await pool.request('', { method: 'POST' }, json)
    expect(pool.status()).toMatchObject({ state: 'ok', endpoint: first.url })
    expect(first.requests.length).toBe(3)
  })

  it('honours Retry-After before asking a rate-limited endpoint again', async () => {
    const limited = await serve([429, 200])
    const waits: number[] = []
    const pool = createEndpointPool({
      urls: [limited.url],
      timeoutMs: 1000,
      sleep: async (ms) => void waits.push(ms),
    })
    expect(await pool.request('', {}, json)).toEqual({ ok: true })
    expect(waits.length).toBe(1)
    expect(waits[0]).toBeGreaterThan(900)
  })

  it('gives up on an attempt after the timeout, and retries a cut-off answer', async () => {
    const hung = await serve(['hang'])
    const cut = await serve(['cut', 200])
    const pool = createEndpointPool({ urls: [hung.url, cut.url], timeoutMs: 200, baseDelayMs: 10 })
    const started = Date.now()
    expect(await pool.request('', {}, json)).toEqual({ ok: true })
    expect(Date.now() - started).toBeLessThan(3000)
    expect(cut.requests.length, 'the cut-off answer was asked again').toBe(2)
  })

  it('keeps at most maxConcurrent requests in flight per endpoint', async () => {
    let inFlight = 0
    let most = 0
    const server = await startHttpServer((_, res) => {
      most = Math.max(most, ++inFlight)
      setTimeout(() => {
        inFlight--
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      }, 50)
    })
    servers.push(server)
    const pool = createEndpointPool({ urls: [server.url], timeoutMs: 2000, maxConcurrent: 2 })
    await Promise.all(Array.from({ length: 8 }, () => pool.request('', {}, json)))
    expect(most).toBe(2)
  })

  it('throws the last error and reports down when no endpoint answers', async () => {
    const down = await serve([502])
    const pool = createEndpointPool({ urls: [down.url], timeoutMs: 500, baseDelayMs: 1, maxAttempts: 3 })
    await expect(pool.request('', {}, json)).rejects.toBeInstanceOf(EndpointError)
    expect(down.requests.length).toBe(3)
    expect(pool.status().state).toBe('down')
  })
})
