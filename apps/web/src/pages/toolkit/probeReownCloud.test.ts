import { describe, expect, it } from 'vitest'
import { probeReownCloud } from './probeReownCloud.js'

describe('probeReownCloud', () => {
  it("asks Reown's config endpoint for this project, with a time limit, and resolves when it answers", async () => {
    const requests: Array<{ url: string; signal: AbortSignal | null | undefined }> = []
    const fetchFn: typeof fetch = async (url, init) => {
      requests.push({ url: String(url), signal: init?.signal })
      return new Response('{}')
    }
    await expect(probeReownCloud('a b&c', { fetchFn })).resolves.toBeUndefined()
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.web3modal.org/appkit/v1/config?projectId=a%20b%26c&st=appkit&sv=paylink-probe',
    ])
    // The signal is what lets the probe give up; without it a dropped packet would hang the page's check.
    expect(requests[0]?.signal).toBeInstanceOf(AbortSignal)
  })
  it('says which host failed, and gives up on a host that never answers', async () => {
    await expect(probeReownCloud('abc', { fetchFn: async () => new Response('', { status: 403 }) })).rejects.toThrow(
      'api.web3modal.org answered 403',
    )
    await expect(
      probeReownCloud('abc', { fetchFn: () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toThrow('api.web3modal.org did not answer (Failed to fetch)')
    const hang: typeof fetch = (_url, init) =>
      new Promise((_ok, fail) => init?.signal?.addEventListener('abort', () => fail(init.signal!.reason)))
    const started = Date.now()
    await expect(probeReownCloud('abc', { fetchFn: hang, timeoutMs: 50 })).rejects.toThrow('no answer within 50 ms')
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
