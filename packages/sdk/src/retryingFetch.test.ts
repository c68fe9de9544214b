import { describe, expect, it } from 'vitest'
import { PaylinkNetworkError } from './errors.js'
import { retryAfterMs, retryingFetch } from './retryingFetch.js'

/** A fetch answering from a list, recording what it was sent and how long the client waited. */
function scripted(answers: Array<Response | Error>) {
  const seen: Array<{ method: string; key: string | null; body: string }> = []
  const waits: number[] = []
  const fetch = retryingFetch({
    fetch: async (request) => {
      seen.push({ method: request.method, key: request.headers.get('idempotency-key'), body: await request.text() })
      const answer = answers.shift()!
      if (answer instanceof Error) throw answer
      return answer
    },
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    idempotencyKey: () => `key-${seen.length}`,
  })
  return { fetch, seen, waits }
}

const post = () => new Request('http://paylink.test/api/links', { method: 'POST', body: '{"title":"x"}' })

describe('retryingFetch', () => {
  it('retries a POST under one Idempotency-Key after 503 and a lost answer, body intact', async () => {
    const { fetch, seen, waits } = scripted([
      new Response('', { status: 503 }),
      new TypeError('socket hang up'),
      new Response('{}', { status: 201 }),
    ])
    expect((await fetch(post())).status).toBe(201)
    expect(seen.map((s) => [s.key, s.body])).toEqual(Array(3).fill(['key-0', '{"title":"x"}']))
    // Full jitter at 0.5: half of 300, 600.
    expect(waits).toEqual([150, 300])
  })

  it('waits what Retry-After says on 429, and keeps a key the caller chose', async () => {
    const { fetch, seen, waits } = scripted([
      new Response('', { status: 429, headers: { 'retry-after': '2' } }),
      new Response('{}', { status: 201 }),
    ])
    const request = post()
    request.headers.set('idempotency-key', 'order-7')
    expect((await fetch(request)).status).toBe(201)
    expect(seen.map((s) => s.key)).toEqual(['order-7', 'order-7'])
    expect(waits).toEqual([2000])
  })

  it('gives up after the retries: the last 5xx is answered, a lost answer is a PaylinkNetworkError; 4xx at once', async () => {
    const failing = scripted(Array.from({ length: 4 }, () => new Response('', { status: 500 })))
    expect((await failing.fetch(new Request('http://paylink.test/api/links'))).status).toBe(500)
    expect(failing.seen).toHaveLength(4)
    const lost = scripted(Array.from({ length: 4 }, () => new TypeError('ECONNREFUSED')))
    await expect(lost.fetch(new Request('http://paylink.test/api/links'))).rejects.toBeInstanceOf(PaylinkNetworkError)
    const refused = scripted([new Response('{}', { status: 400 })])
    expect((await refused.fetch(post())).status).toBe(400)
    expect(refused.seen).toHaveLength(1)
    // A PATCH without a key may have done its work: not repeated after a 5xx.
    const patch = scripted([new Response('', { status: 502 })])
    expect(
      (await patch.fetch(new Request('http://paylink.test/api/links/x/webhook', { method: 'PATCH' }))).status,
    ).toBe(502)
    expect(patch.seen).toHaveLength(1)
  })

  it('reads Retry-After as seconds or a date, capped', () => {
    expect(retryAfterMs('1.5', 10_000)).toBe(1500)
    expect(retryAfterMs('600', 10_000)).toBe(10_000)
    expect(retryAfterMs(new Date(Date.now() - 1000).toUTCString(), 10_000)).toBe(0)
    expect(retryAfterMs('soon', 10_000)).toBeNull()
    expect(retryAfterMs(null, 10_000)).toBeNull()
  })
})
