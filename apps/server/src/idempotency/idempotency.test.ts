import { gunzipSync } from 'node:zlib'
import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { idempotencyKeys, links } from '../db/schema.js'
import { merchantOf } from '../merchants/merchant.js'
import {
  bearer,
  merchantAddress,
  merchantApiKey,
  otherMerchantAddress,
  useMerchantApp,
} from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'
import { idempotentRequestHash } from './idempotencyPlugin.js'
import { pruneIdempotencyKeys } from './idempotencyStore.js'

const merchant = useMerchantApp({}, 'idem')
const linkBody = (title: string) => ({ title, options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }] })
const postLink = (key: string, body: object, apiKey = merchant.key) =>
  merchant.app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { ...bearer(apiKey), 'idempotency-key': key },
    payload: body,
  })
const linksTitled = async (title: string) =>
  (await merchant.context.database.db.select({ n: count() }).from(links).where(eq(links.title, title)))[0]!.n

describe('Idempotency-Key', () => {
  it('answers a repeated create with the first answer, reuse with another body 422, per merchant', async () => {
    const first = await postLink('order-1', linkBody('Order 1'))
    expect(first.statusCode, first.body).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await postLink('order-1', linkBody('Order 1'))
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.headers['content-type']).toMatch(/^application\/json/)
    expect(again.json()).toEqual(first.json())
    expect(await linksTitled('Order 1')).toBe(1)

    const reused = await postLink('order-1', linkBody('Order 2'))
    expect([reused.statusCode, reused.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED'])
    expect(await linksTitled('Order 2')).toBe(0)
    // Another route under the same key is another request too.
    const elsewhere = await merchant.app.inject({
      method: 'POST',
      url: `/api/links/${first.json().id}/deactivate`,
      headers: { ...bearer(merchant.key), 'idempotency-key': 'order-1' },
    })
    expect(elsewhere.statusCode).toBe(422)

    const otherKey = await merchantApiKey(merchant.context.database, 'other', otherMerchantAddress)
    const other = await postLink('order-1', linkBody('Order 1'), otherKey)
    expect(other.statusCode).toBe(201)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(other.json().id).not.toBe(first.json().id)
    expect(await linksTitled('Order 1')).toBe(2)

    // Without the header nothing changes: two links.
    for (let i = 0; i < 2; i++) {
      const plain = await merchant.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: bearer(merchant.key),
        payload: linkBody('Plain'),
      })
      expect(plain.statusCode).toBe(201)
    }
    expect(await linksTitled('Plain')).toBe(2)
  })

  it("keys a payer's public order to the link's merchant: one order for concurrent retries, 422 for another body, 404 for no link", async () => {
    const link = await postLink('shop-link', { ...linkBody('Shop'), reusable: true, quantity: { min: 1, max: 5 } })
    expect(link.statusCode, link.body).toBe(201)
    const order = (key: string, quantity: number, linkId: string = link.json().id) =>
      merchant.app.inject({
        method: 'POST',
        url: `/api/links/${linkId}/orders`,
        headers: { 'idempotency-key': key },
        payload: { quantity },
      })
    const raced = await Promise.all([order('cart-7', 2), order('cart-7', 2), order('cart-7', 2)])
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201])
    expect(new Set(raced.map((r) => r.json().id)).size).toBe(1)
    expect(raced.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2)
    const { db } = merchant.context.database
    const ordersOfLink = async () =>
      (await db.select({ n: count() }).from(links).where(eq(links.orderOf, link.json().id)))[0]!.n
    expect(await ordersOfLink()).toBe(1)
    // The merchant's own 'cart-7' is the same key (keys are per merchant), so another request under it is refused.
    expect((await postLink('cart-7', linkBody('Not an order'))).statusCode).toBe(422)
    const reused = await order('cart-7', 3)
    expect([reused.statusCode, reused.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED'])
    expect(await ordersOfLink()).toBe(1)
    const unknown = await order('cart-8', 1, 'lnk_missing')
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'LINK_NOT_FOUND'])
  })

  it('keeps refusals from the work (4xx) but not a malformed key, and forgets keys after 24 hours', async () => {
    const tooLong = await postLink('k'.repeat(256), linkBody('Long key'))
    expect([tooLong.statusCode, tooLong.json().error.code]).toEqual([400, 'INVALID_IDEMPOTENCY_KEY'])
    expect(await linksTitled('Long key')).toBe(0)
    expect((await postLink('k'.repeat(255), linkBody('Long key'))).statusCode).toBe(201)

    const missing = () =>
      merchant.app.inject({
        method: 'POST',
        url: '/api/links/lnk_missing/deactivate',
        headers: { ...bearer(merchant.key), 'idempotency-key': 'gone' },
      })
    expect((await missing()).statusCode).toBe(404)
    const replayed = await missing()
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([404, 'true'])

    const { db } = merchant.context.database
    const mine = merchantOf({ namespace: 'eip155', address: merchantAddress })
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.merchant, mine.id), eq(idempotencyKeys.key, 'order-1')))
    const afterExpiry = await postLink('order-1', linkBody('Order 2'))
    expect([afterExpiry.statusCode, afterExpiry.headers['idempotent-replayed']]).toEqual([201, undefined])

    await db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` })
    expect(await pruneIdempotencyKeys(db)).toBeGreaterThan(0)
    expect((await db.select({ n: count() }).from(idempotencyKeys))[0]!.n).toBe(0)
  })

  it('answers 409 IDEMPOTENCY_KEY_IN_USE after a short wait while another holds the key, and takes over a dead one', async () => {
    const app = await merchant.context.app({ limits: { idempotencyWaitMs: 150 } })
    const { db } = merchant.context.database
    const mine = merchantOf({ namespace: 'eip155', address: merchantAddress }).id
    const route = 'POST /api/links/:id/deactivate'
    const requestHash = idempotentRequestHash(route, { params: { id: 'lnk_busy' }, query: {} })
    await db.insert(idempotencyKeys).values({ merchant: mine, key: 'busy', requestHash, owner: 'elsewhere' })
    const deactivate = () =>
      app.inject({
        method: 'POST',
        url: '/api/links/lnk_busy/deactivate',
        headers: { ...bearer(merchant.key), 'idempotency-key': 'busy' },
      })
    const busy = await deactivate()
    expect([busy.statusCode, busy.json().error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE'])
    // The process holding it died a minute ago: the next request runs the work itself.
    await db
      .update(idempotencyKeys)
      .set({ lockedAt: sql`now() - interval '61 seconds'` })
      .where(and(eq(idempotencyKeys.merchant, mine), eq(idempotencyKeys.key, 'busy')))
    const taken = await deactivate()
    expect([taken.statusCode, taken.json().error.code, taken.headers['idempotent-replayed']]).toEqual([
      404,
      'LINK_NOT_FOUND',
      undefined,
    ])
  })

  it('keeps the answer as JSON when the first one left compressed', async () => {
    const headers = { ...bearer(merchant.key), 'idempotency-key': 'gzip-1', 'accept-encoding': 'gzip' }
    const body = { ...linkBody('Gzip'), description: 'x'.repeat(1500) }
    const first = await merchant.app.inject({ method: 'POST', url: '/api/links', headers, payload: body })
    expect([first.statusCode, first.headers['content-encoding']]).toEqual([201, 'gzip'])
    const { 'accept-encoding': _, ...plain } = headers
    const again = await merchant.app.inject({ method: 'POST', url: '/api/links', headers: plain, payload: body })
    expect([again.statusCode, again.headers['idempotent-replayed'], again.headers['content-encoding']]).toEqual([
      201,
      'true',
      undefined,
    ])
    expect(again.json()).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString()))
  })

  it('is in the OpenAPI document on the merchant writes and the public order only', async () => {
    const document = (await merchant.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const headerOf = (path: string, method: string) =>
      (document.paths[path][method].parameters ?? []).find((p: { in: string }) => p.in === 'header')?.name
    expect(headerOf('/api/links', 'post')).toBe('Idempotency-Key')
    expect(headerOf('/api/payments/{id}/refunds', 'post')).toBe('Idempotency-Key')
    expect(headerOf('/api/plans', 'post')).toBe('Idempotency-Key')
    expect(headerOf('/api/links/{id}/orders', 'post')).toBe('Idempotency-Key')
    expect(document.paths['/api/links'].post.responses['422']).toBeDefined()
    expect(headerOf('/api/links', 'get')).toBeUndefined()
    expect(headerOf('/api/links/{id}/payments', 'post')).toBeUndefined()
  })
})
