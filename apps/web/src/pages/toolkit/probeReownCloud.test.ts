import { describe, expect, it } from 'vitest'
import { probeReownCloud } from './probeReownCloud.js'

describe('probeReownCloud', () => {
  it('resolves when the config endpoint answers', async () => {
    await expect(probeReownCloud('abc', { fetchFn: async () => new Response('{}') })).resolves.toBeUndefined()
  })
  it('says which host failed, and gives up on a host that never answers', async () => {
    await expect(probeReownCloud('abc', { fetchFn: async () => new Response('', { status: 403 }) })).rejects.toThrow('api.web3modal.org answered 403')
    const hang: typeof fetch = (_url, init) =>
      new Promise((_ok, fail) => init?.signal?.addEventListener('abort', () => fail(init.signal!.reason)))
    const started = Date.now()
    await expect(probeReownCloud('abc', { fetchFn: hang, timeoutMs: 50 })).rejects.toThrow('no answer within 50 ms')
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
