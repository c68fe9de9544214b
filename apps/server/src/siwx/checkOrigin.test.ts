import { describe, expect, it } from 'vitest'
import { testOrigin, useOfflineApps } from '../testing/offlineApp.js'
import { checkOrigin } from './checkOrigin.js'

const context = useOfflineApps()

describe('the origin check of writes', () => {
  it("refuses a cross-origin text/plain POST to /devnet/demo-link (another site's page using up the demo shop's links)", async () => {
    const app = await context.app({ demo: true })
    const foreign = await app.inject({
      method: 'POST',
      url: '/devnet/demo-link',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: '',
    })
    expect([foreign.statusCode, foreign.json().error]).toEqual([
      403,
      { code: 'BAD_ORIGIN', message: `Writes from a web page must come from ${testOrigin} (Origin header).` },
    ])

    // The demo's own page (its Origin) and a script without a browser (no Origin) still make links.
    const ours = await app.inject({ method: 'POST', url: '/devnet/demo-link', headers: { origin: testOrigin } })
    expect(ours.statusCode, ours.body).toBe(201)
    expect((await app.inject({ method: 'POST', url: '/devnet/demo-link' })).statusCode).toBe(201)
  })

  it('covers every write under /devnet and elsewhere, not only /api; reads pass', () => {
    const check = checkOrigin([testOrigin, 'http://127.0.0.1:3000'])
    const write = (method: string, url: string, origin?: string) => () =>
      check({ method, url, origin, hasSessionCookie: false })
    for (const url of ['/devnet/faucet', '/devnet/mine', '/devnet/rpc/31337', '/devnet/solana/rpc', '/anything'])
      expect(write('POST', url, 'https://evil.example'), url).toThrow(/must come from http:\/\/localhost:3000/)
    expect(write('DELETE', '/api/keys/x', 'https://evil.example')).toThrow(/Writes with a session/)
    expect(write('POST', '/devnet/faucet', 'http://127.0.0.1:3000')).not.toThrow()
    expect(write('POST', '/devnet/faucet')).not.toThrow()
    // Our cookie without an Origin: refused where it authorizes (/api), not on the demo's tools,
    // which a signed-in tester's script (Playwright's page.request) asks without an Origin.
    const withCookie = (url: string, origin?: string) => () =>
      check({ method: 'POST', url, origin, hasSessionCookie: true })
    expect(withCookie('/api/links')).toThrow(/Writes with a session/)
    expect(withCookie('/devnet/faucet')).not.toThrow()
    expect(withCookie('/devnet/faucet', 'https://evil.example')).toThrow(/must come from/)
    expect(write('GET', '/devnet/bitcoin/esplora/blocks/tip/height', 'https://evil.example')).not.toThrow()
  })
})
