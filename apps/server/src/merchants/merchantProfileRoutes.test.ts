import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { offlineLinkBody, signInSolana, testOrigin, useOfflineApps } from '../testing/offlineApp.js'

const context = useOfflineApps({
  siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
})
// A real 1x1 PNG (the smallest complete file).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)
const pngUrl = `data:image/png;base64,${png.toString('base64')}`
const url = '/api/merchant/profile'

describe('merchant profile (/api/merchant/profile)', () => {
  it('saves name, colour and logo; the logo is served by its hash with a year of cache; the public link view carries them', async () => {
    const app = await context.app()
    const { cookie } = await signInSolana(app)
    const headers = { cookie, origin: testOrigin }
    expect((await app.inject({ method: 'GET', url, headers })).json().profile).toEqual({
      displayName: null,
      logoUrl: null,
      brandColor: null,
      logoContentType: null,
      logoBytes: null,
      updatedAt: null,
    })

    const saved = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { displayName: '  Bean & Leaf  ', logo: pngUrl, brandColor: '#1A73E8' },
    })
    expect(saved.statusCode).toBe(200)
    const hash = createHash('sha256').update(png).digest('hex')
    expect(saved.json().profile).toMatchObject({
      displayName: 'Bean & Leaf',
      logoUrl: `/api/merchant-logos/${hash}`,
      brandColor: '#1a73e8',
      logoContentType: 'image/png',
      logoBytes: png.length,
    })

    const logo = await app.inject({ method: 'GET', url: `/api/merchant-logos/${hash}` })
    expect([
      logo.statusCode,
      logo.headers['content-type'],
      logo.headers['cache-control'],
      logo.headers['x-content-type-options'],
    ]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable', 'nosniff'])
    expect(Buffer.compare(logo.rawPayload, png)).toBe(0)
    expect((await app.inject({ method: 'GET', url: `/api/merchant-logos/${'0'.repeat(64)}` })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/merchant-logos/not-a-hash' })).statusCode).toBe(400)

    const created = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers,
      payload: offlineLinkBody('Coffee beans', '12'),
    })
    expect(created.statusCode).toBe(201)
    const view = (await app.inject({ method: 'GET', url: `/api/links/${created.json().id}` })).json()
    expect(view.merchant).toEqual({
      displayName: 'Bean & Leaf',
      logoUrl: `/api/merchant-logos/${hash}`,
      brandColor: '#1a73e8',
    })
    expect(view.merchantNotified).toBe(false)
    expect(view.receiptNumber).toMatch(/^PL-[0-9A-Z]{4}-[0-9A-Z]{4}$/)

    // Omitting the logo keeps it; null removes it.
    const kept = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { displayName: 'Bean & Leaf', brandColor: null },
    })
    expect(kept.json().profile).toMatchObject({ logoUrl: `/api/merchant-logos/${hash}`, brandColor: null })
    const removed = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { displayName: null, logo: null, brandColor: null },
    })
    expect(removed.json().profile).toMatchObject({ displayName: null, logoUrl: null })
    expect((await app.inject({ method: 'GET', url: `/api/merchant-logos/${hash}` })).statusCode).toBe(404)
  })

  it('refuses SVG, other types, a bad colour and no session, changing nothing', async () => {
    const app = await context.app()
    const { cookie } = await signInSolana(app)
    const headers = { cookie, origin: testOrigin }
    await app.inject({ method: 'PUT', url, headers, payload: { displayName: 'Before', brandColor: '#000000' } })
    const refusals = [
      [
        {
          displayName: 'X',
          logo: `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`,
          brandColor: null,
        },
        /^body\.logo: SVG logos are refused/,
      ],
      [
        {
          displayName: 'X',
          logo: `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`,
          brandColor: null,
        },
        /^body\.logo: not a PNG, JPEG or WebP/,
      ],
      [{ displayName: 'X', brandColor: 'blue' }, /^body\.brandColor: must be a colour like #1a73e8/],
      [{ displayName: '', brandColor: null }, /^body\.displayName: Display name is required/],
    ] as const
    for (const [payload, message] of refusals) {
      const res = await app.inject({ method: 'PUT', url, headers, payload })
      expect([res.statusCode, res.json().error.message], JSON.stringify(payload)).toEqual([
        400,
        expect.stringMatching(message),
      ])
    }
    expect((await app.inject({ method: 'GET', url, headers })).json().profile).toMatchObject({
      displayName: 'Before',
      brandColor: '#000000',
    })
    expect(
      (
        await app.inject({
          method: 'PUT',
          url,
          headers: { origin: testOrigin },
          payload: { displayName: 'X', brandColor: null },
        })
      ).statusCode,
    ).toBe(401)
  })
})
