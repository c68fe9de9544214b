import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { useMerchantApp, postLink } from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'

const merchant = useMerchantApp({}, 'k')
const context = merchant.context

const create = (extra: Record<string, unknown>) =>
  postLink(merchant.app, merchant.key, {
    title: 'Thanks page',
    options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }],
    ...extra,
  })

describe('successUrl', () => {
  it('is stored and shown to anyone with the link (the checkout needs it); null when not given', async () => {
    const created = await create({ successUrl: 'https://shop.example/thanks?order=42' })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().successUrl).toBe('https://shop.example/thanks?order=42')
    const read = await merchant.app.inject({ method: 'GET', url: `/api/links/${created.json().id}` })
    expect(read.json().successUrl).toBe('https://shop.example/thanks?order=42')
    // Plain http is fine (the payer's browser goes there, not the server), loopback too.
    expect((await create({ successUrl: 'http://127.0.0.1:8080/done' })).json().successUrl).toBe(
      'http://127.0.0.1:8080/done',
    )
    expect((await create({})).json().successUrl).toBeNull()
  })

  it('refuses anything but an absolute http(s) URL of at most 2048 characters, naming body.successUrl, and writes nothing', async () => {
    const [{ n: before }] = (await context.database.db.select({ n: count() }).from(links)) as [{ n: number }]
    for (const successUrl of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://shop.example/x',
      '/thanks',
      'shop.example/thanks',
      'https://user:pw@shop.example/',
      '',
      `https://shop.example/${'a'.repeat(2030)}`,
      42,
    ]) {
      const response = await create({ successUrl })
      expect(response.statusCode, String(successUrl)).toBe(400)
      expect(response.json().error.message, String(successUrl)).toMatch(/^body\.successUrl/)
    }
    const [{ n: after }] = (await context.database.db.select({ n: count() }).from(links)) as [{ n: number }]
    expect(after).toBe(before)
  })
})
