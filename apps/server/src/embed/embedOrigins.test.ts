import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bearer, createLinkOk, merchantApiKey, otherMerchantAddress } from '../testing/merchantApi.js'
import { offlineAssets, useOfflineApps } from '../testing/offlineApp.js'

const webDist = mkdtempSync(join(tmpdir(), 'paylink-embed-'))
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Paylink</title><div id="root"></div>')
writeFileSync(join(webDist, 'embed.js'), 'window.Paylink={}')
afterAll(() => rmSync(webDist, { recursive: true, force: true }))
const context = useOfflineApps({ webDist })

const frameAncestorsOf = (csp: unknown) =>
  String(csp)
    .split(/;\s*/)
    .find((d) => d.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length)

describe('embedded checkout: allowed origins and frame-ancestors per merchant', () => {
  it("frames a link's checkout (?embed=1) only from its merchant's listed origins; everything else stays DENY", async () => {
    const app = await context.app()
    const [shopKey, otherKey] = await Promise.all([
      merchantApiKey(context.database, 'shop'),
      merchantApiKey(context.database, 'other', otherMerchantAddress),
    ])
    const url = '/api/merchant/embed-origins'
    const link = async (key: string) =>
      createLinkOk(app, key, { title: 'Mug', options: [{ asset: offlineAssets[0]!.assetId, amount: '0.01' }] })
    const [shopLink, otherLink] = await Promise.all([link(shopKey), link(otherKey)])
    const page = (id: string, query = '?embed=1') =>
      app.inject({ method: 'GET', url: `/pay/${id}${query}`, headers: { accept: 'text/html' } })

    // Before any list: no page may frame it, embedded or not.
    expect((await app.inject({ method: 'GET', url, headers: bearer(shopKey) })).json()).toEqual({ origins: [] })
    const before = await page(shopLink.id)
    expect(before.headers['x-frame-options']).toBe('DENY')
    expect(frameAncestorsOf(before.headers['content-security-policy'])).toBe("'none'")

    // Not origins, in plain words: a path, a wildcard, http off loopback, a quote that would end the CSP source.
    for (const bad of [
      'https://shop.example.com/checkout',
      'https://*.example.com',
      'http://shop.example.com',
      "https://shop.example.com 'unsafe-inline'",
      'shop.example.com',
      'javascript:alert(1)',
    ]) {
      const refused = await app.inject({ method: 'PUT', url, headers: bearer(shopKey), payload: { origins: [bad] } })
      expect(refused.statusCode, bad).toBe(400)
      expect(refused.json().error.message, bad).toMatch(/^body\.origins\[0\]: must be a shop origin like https:\/\//)
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`)
    expect(
      (await app.inject({ method: 'PUT', url, headers: bearer(shopKey), payload: { origins: tooMany } })).statusCode,
    ).toBe(400)

    const saved = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(shopKey),
      payload: { origins: ['https://Shop.Example.com/', 'http://127.0.0.1:5173', 'https://shop.example.com'] },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ origins: ['https://shop.example.com', 'http://127.0.0.1:5173'] })
    expect((await app.inject({ method: 'GET', url, headers: bearer(shopKey) })).json()).toEqual(saved.json())
    // Per merchant: the other one's list is still empty.
    expect((await app.inject({ method: 'GET', url, headers: bearer(otherKey) })).json()).toEqual({ origins: [] })

    const embedded = await page(shopLink.id)
    expect(embedded.statusCode).toBe(200)
    expect(embedded.headers['x-frame-options']).toBeUndefined()
    expect(frameAncestorsOf(embedded.headers['content-security-policy'])).toBe(
      'https://shop.example.com http://127.0.0.1:5173',
    )
    // The rest of the page's policy is untouched.
    expect(String(embedded.headers['content-security-policy'])).toContain("script-src 'self'")
    // The public list the checkout checks its parent against.
    expect((await app.inject({ method: 'GET', url: `/api/links/${shopLink.id}/embed-origins` })).json()).toEqual({
      origins: ['https://shop.example.com', 'http://127.0.0.1:5173'],
    })
    expect((await app.inject({ method: 'GET', url: '/api/links/lnk_nothere/embed-origins' })).statusCode).toBe(404)

    // Still DENY: the plain checkout, another merchant's link, an unknown link, other pages, the API.
    for (const answer of [
      await page(shopLink.id, ''),
      await page(shopLink.id, '?embed=0'),
      await page(otherLink.id),
      await page('lnk_nothere'),
      await app.inject({ method: 'GET', url: '/dashboard?embed=1', headers: { accept: 'text/html' } }),
      await app.inject({ method: 'GET', url: `/api/links/${shopLink.id}?embed=1` }),
    ]) {
      expect(answer.headers['x-frame-options'], answer.raw.req.url).toBe('DENY')
      expect(frameAncestorsOf(answer.headers['content-security-policy']), answer.raw.req.url).toBe("'none'")
    }

    // /embed.js loads into shops on other origins.
    const script = await app.inject({ method: 'GET', url: '/embed.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/^text\/javascript/)
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin')

    // Emptied: DENY again.
    await app.inject({ method: 'PUT', url, headers: bearer(shopKey), payload: { origins: [] } })
    expect((await page(shopLink.id)).headers['x-frame-options']).toBe('DENY')
  })

  it('the list is the merchant’s own: no key, no list', async () => {
    const app = await context.app()
    const url = '/api/merchant/embed-origins'
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401)
    expect((await app.inject({ method: 'PUT', url, payload: { origins: [] } })).statusCode).toBe(401)
  })
})
