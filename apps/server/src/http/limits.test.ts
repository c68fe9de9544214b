import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiKeys, links, payments } from '../db/schema.js'
import { evmChain, offlineAssets, signInSolana, testOrigin, useOfflineApps } from '../testing/offlineApp.js'

const context = useOfflineApps()

const linkBody = {
  title: 'Tea',
  options: [{ asset: offlineAssets[0]!.assetId, amount: '1', recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }],
}

describe('request body size', () => {
  it('refuses a body over 64 KiB with 413 BODY_TOO_LARGE in the API error shape, before any handler', async () => {
    const app = await context.app()
    const { database } = context
    const { cookie } = await signInSolana(app)
    const before = (await database.db.select({ n: count() }).from(links))[0]!.n
    const description = 'x'.repeat(65 * 1024)
    const res = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie, origin: testOrigin },
      payload: { ...linkBody, description },
    })
    expect(res.statusCode).toBe(413)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toEqual({ error: { code: 'BODY_TOO_LARGE', message: expect.any(String) } })
    expect((await database.db.select({ n: count() }).from(links))[0]!.n).toBe(before)
    // A large but legal body still goes through.
    const fine = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie, origin: testOrigin },
      payload: { ...linkBody, description: 'y'.repeat(2000) },
    })
    expect(fine.statusCode).toBe(201)
  })
})

describe('per-IP rate limits', () => {
  const limit = { max: 2, timeWindow: 60_000 }

  async function expectLimited(
    request: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): any }>,
    okStatus: number[],
  ) {
    for (let i = 0; i < limit.max; i++) expect(okStatus).toContain((await request()).statusCode)
    const limited = await request()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('RATE_LIMITED')
    expect(limited.json().error.message).toMatch(/try again in/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
  }

  it('nonce, sign-in, link creation, payment submission and key creation answer 429 RATE_LIMITED with Retry-After', async () => {
    const { database } = context
    const app = await context.app({
      siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
      limits: { createLinkRateLimit: limit, submitPaymentRateLimit: limit, createApiKeyRateLimit: limit },
    })
    const { cookie } = await signInSolana(app)
    const headers = { cookie, origin: testOrigin }
    const linkId = (await app.inject({ method: 'POST', url: '/api/links', headers, payload: linkBody })).json()
      .id as string
    await app.inject({ method: 'POST', url: '/api/links', headers, payload: linkBody })

    const rows = async () => [
      (await database.db.select({ n: count() }).from(links))[0]!.n,
      (await database.db.select({ n: count() }).from(payments))[0]!.n,
      (await database.db.select({ n: count() }).from(apiKeys))[0]!.n,
    ]
    const before = await rows()
    const linkCreate = await app.inject({ method: 'POST', url: '/api/links', headers, payload: linkBody })
    expect([linkCreate.statusCode, linkCreate.json().error.code]).toEqual([429, 'RATE_LIMITED'])
    expect(Number(linkCreate.headers['retry-after'])).toBeGreaterThan(0)

    let hash = 0
    const submit = () =>
      app.inject({
        method: 'POST',
        url: `/api/links/${linkId}/payments`,
        payload: { caipNetworkId: evmChain, txHash: `0x${(++hash).toString(16).padStart(64, '0')}` },
      })
    await expectLimited(submit, [202])
    await expectLimited(() => app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'k' } }), [201])
    const after = await rows()
    expect(after).toEqual([before[0], before[1]! + 2, before[2]! + 2])

    const strict = await context.app({ siwx: { nonceRateLimit: limit, signInRateLimit: limit } })
    await expectLimited(() => strict.inject({ method: 'GET', url: '/api/siwx/nonce' }), [200])
    await expectLimited(
      () =>
        strict.inject({
          method: 'POST',
          url: '/api/siwx/sessions',
          headers: { origin: testOrigin },
          payload: { data: {}, message: 'x', signature: 'y' },
        }),
      [400],
    )
  })

  it('defaults: 60 link creations a minute per IP', async () => {
    const app = await context.app({
      siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
    })
    const statuses: number[] = []
    // Unauthenticated attempts count too: the limit runs before the handler.
    for (let i = 0; i < 61; i++)
      statuses.push((await app.inject({ method: 'POST', url: '/api/links', payload: linkBody })).statusCode)
    // toEqual names the first attempt that was not refused for want of a sign-in.
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401))
    expect(statuses[60]).toBe(429)
  })
})

describe('strings the database cannot hold', () => {
  it('refuses U+0000 anywhere in the input with 400 naming the field (found by the fuzzer: was a 500)', async () => {
    const app = await context.app()
    const { cookie } = await signInSolana(app)
    const headers = { cookie, origin: testOrigin }
    const before = (await context.database.db.select({ n: count() }).from(links))[0]!.n
    for (const [payload, field] of [
      [{ ...linkBody, title: 'a\u0000b' }, 'body.title'],
      [{ ...linkBody, description: '\u0000' }, 'body.description'],
      [{ ...linkBody, webhookUrl: 'https://shop.example/\u0000' }, 'body.webhookUrl'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/links', headers, payload })
      expect([res.statusCode, res.json().error.code], field).toEqual([400, 'INVALID_REQUEST'])
      expect(res.json().error.message).toBe(`${field}: must not contain the NUL character (U+0000)`)
    }
    const key = await app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'k\u0000' } })
    expect([key.statusCode, key.json().error.message]).toEqual([
      400,
      'body.name: must not contain the NUL character (U+0000)',
    ])
    expect((await context.database.db.select({ n: count() }).from(links))[0]!.n).toBe(before)
  })
})
