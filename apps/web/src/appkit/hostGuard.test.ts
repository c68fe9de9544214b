import { describe, expect, it } from 'vitest'
import { installHostGuard, isToolkitHost } from './hostGuard.js'

describe('installHostGuard', () => {
  it('matches the toolkit hosts and their subdomains only', () => {
    expect(isToolkitHost('api.web3modal.org')).toBe(true)
    expect(isToolkitHost('pulse.walletconnect.org')).toBe(true)
    expect(isToolkitHost('notwalletconnect.org')).toBe(false)
    expect(isToolkitHost('127.0.0.1')).toBe(false)
  })

  it('aborts a hanging toolkit request after the timeout and leaves others alone', async () => {
    const seen: string[] = []
    const target = {
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          seen.push(String(input))
          if (String(input).includes('127.0.0.1')) return resolve(new Response('ok'))
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))
        })) as typeof fetch,
    }
    const remove = installHostGuard({ timeoutMs: 50, target })
    const started = Date.now()
    await expect(target.fetch('https://api.web3modal.org/appkit/v1/config')).rejects.toThrow(
      /did not answer within 50 ms/,
    )
    expect(Date.now() - started).toBeLessThan(1000)
    await expect(target.fetch('http://127.0.0.1:1/x').then((r) => r.text())).resolves.toBe('ok')
    remove()
    expect(seen).toHaveLength(2)
  })
})
