import { count } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { apiKeys, links } from '../db/schema.js'
import { offlineAssets, signInSolana, testOrigin, useOfflineApps } from '../testing/offlineApp.js'

const context = useOfflineApps({
  siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
})
const app = context.app.bind(context)

const linkBody = {
  title: 'Coffee',
  options: [
    { asset: offlineAssets[0]!.assetId, amount: '0.01', recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  ],
}
const rows = async () => ({
  links: (await context.database.db.select({ n: count() }).from(links))[0]!.n,
  keys: (await context.database.db.select({ n: count() }).from(apiKeys))[0]!.n,
})

describe('MERCHANTS', () => {
  it('unset: any signed-in account may create links and keys (an open instance)', async () => {
    const open = await app()
    const { cookie } = await signInSolana(open)
    const created = await open.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie, origin: testOrigin },
      payload: linkBody,
    })
    expect(created.statusCode).toBe(201)
    expect(
      (
        await open.inject({
          method: 'POST',
          url: '/api/keys',
          headers: { cookie, origin: testOrigin },
          payload: { name: 'k' },
        })
      ).statusCode,
    ).toBe(201)
  })

  it("set: others get 403 NOT_A_MERCHANT for links and keys and nothing is written; a listed account works; a delisted account's key stops", async () => {
    const open = await app()
    const listed = await signInSolana(open)
    const outsider = await signInSolana(open)
    const key = (
      await open.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { cookie: listed.cookie, origin: testOrigin },
        payload: { name: 'shop' },
      })
    ).json().token as string

    const restricted = await app({
      merchants: [listed.merchantId, 'eip155:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    })
    const before = await rows()
    for (const [method, url, payload] of [
      ['POST', '/api/links', linkBody],
      ['POST', '/api/keys', { name: 'x' }],
      ['GET', '/api/keys', undefined],
      ['GET', '/api/links', undefined],
    ] as const) {
      const res = await restricted.inject({
        method,
        url,
        headers: { cookie: outsider.cookie, origin: testOrigin },
        ...(payload ? { payload } : {}),
      })
      expect([res.statusCode, res.json().error.code], `${method} ${url}`).toEqual([403, 'NOT_A_MERCHANT'])
      expect(res.json().error.message).toMatch(/not a merchant of this Paylink instance/)
    }
    expect(await rows()).toEqual(before)

    expect(
      (
        await restricted.inject({
          method: 'POST',
          url: '/api/links',
          headers: { cookie: listed.cookie, origin: testOrigin },
          payload: linkBody,
        })
      ).statusCode,
    ).toBe(201)
    expect(
      (
        await restricted.inject({
          method: 'POST',
          url: '/api/links',
          headers: { authorization: `Bearer ${key}` },
          payload: linkBody,
        })
      ).statusCode,
    ).toBe(201)

    // The operator takes the account off the list: its existing key stops working at once.
    const delisted = await app({ merchants: ['eip155:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] })
    const byKey = await delisted.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${key}` },
      payload: linkBody,
    })
    expect([byKey.statusCode, byKey.json().error.code]).toEqual([403, 'NOT_A_MERCHANT'])
    expect(
      (await delisted.inject({ method: 'GET', url: '/api/links', headers: { authorization: `Bearer ${key}` } }))
        .statusCode,
    ).toBe(403)
  })
})

describe('per-merchant caps', () => {
  it('refuses a link beyond the open-link cap with 409 TOO_MANY_OPEN_LINKS; expired links do not count', async () => {
    const capped = await app({ limits: { maxOpenLinksPerMerchant: 2 } })
    const { cookie } = await signInSolana(capped)
    const post = (body: Record<string, unknown> = linkBody) =>
      capped.inject({ method: 'POST', url: '/api/links', headers: { cookie, origin: testOrigin }, payload: body })
    expect((await post({ ...linkBody, expiresInSeconds: 1 })).statusCode).toBe(201)
    expect((await post()).statusCode).toBe(201)
    const before = await rows()
    const third = await post()
    expect([third.statusCode, third.json().error.code]).toEqual([409, 'TOO_MANY_OPEN_LINKS'])
    expect(third.json().error.message).toMatch(/\(2\)/)
    expect(await rows()).toEqual(before)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await post()).statusCode).toBe(201)
  })

  it('refuses an API key beyond the cap with 409 TOO_MANY_API_KEYS; a revoked key frees a place', async () => {
    const capped = await app({ limits: { maxApiKeysPerMerchant: 2 } })
    const { cookie } = await signInSolana(capped)
    const headers = { cookie, origin: testOrigin }
    const create = () => capped.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'k' } })
    const first = (await create()).json()
    expect((await create()).statusCode).toBe(201)
    const third = await create()
    expect([third.statusCode, third.json().error.code]).toEqual([409, 'TOO_MANY_API_KEYS'])
    expect((await capped.inject({ method: 'DELETE', url: `/api/keys/${first.id}`, headers })).statusCode).toBe(204)
    expect((await create()).statusCode).toBe(201)
  })
})

describe('link creation webhook URLs', () => {
  it('are https to a public host unless the policy allows more', async () => {
    const strict = await app()
    const { cookie } = await signInSolana(strict)
    const post = (target: FastifyInstance, webhookUrl: string) =>
      target.inject({
        method: 'POST',
        url: '/api/links',
        headers: { cookie, origin: testOrigin },
        payload: { ...linkBody, webhookUrl },
      })
    const http = await post(strict, 'http://shop.example/hook')
    expect([http.statusCode, http.json().error.message]).toEqual([400, 'body.webhookUrl: must be an https URL'])
    const metadata = await post(strict, 'https://169.254.169.254/latest')
    expect(metadata.json().error.message).toMatch(
      /^body.webhookUrl: must not point at 169\.254\.169\.254, a link-local address/,
    )
    expect((await post(strict, 'https://shop.example/hook')).statusCode).toBe(201)
    const dev = await app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    expect((await post(dev, 'http://127.0.0.1:8080/hook')).statusCode).toBe(201)
  })
})
