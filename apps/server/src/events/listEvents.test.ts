import type { EventFeed, WebhookEventType } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { expireLinks } from '../links/expireLinks.js'
import { getLink } from '../links/readLinks.js'
import {
  bearer,
  expectQueriesRefused,
  useMerchantApp,
  createLinkOk,
  merchantApiKey,
  otherMerchantAddress,
} from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'
import { enqueueWebhookEvents } from '../webhooks/enqueueWebhookEvents.js'
import { encodeEventCursor } from './eventCursor.js'

const merchantApp = useMerchantApp({}, 'feed')
let otherKey: string

beforeAll(async () => {
  otherKey = await merchantApiKey(merchantApp.context.database, 'other', otherMerchantAddress)
}, 30_000)

async function createLink(token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const link = await createLinkOk(merchantApp.app, token, {
    title: 'Feed',
    options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }],
    ...extra,
  })
  return link.id
}

/** Writes `n` events for a link through the real writer, `perTransaction` to a transaction (as a busy tracker would). */
async function writeEvents(
  linkId: string,
  n: number,
  perTransaction: number,
  types: WebhookEventType[] = ['payment.detected', 'payment.confirmed', 'link.paid'],
): Promise<void> {
  const view = (await getLink(merchantApp.context.database.db, linkId))!
  for (let done = 0; done < n; done += perTransaction) {
    const batch = Array.from({ length: Math.min(perTransaction, n - done) }, (_, i) => ({
      type: types[(done + i) % types.length]!,
      payment: null,
    }))
    await merchantApp.context.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(links).where(eq(links.id, linkId))
      await enqueueWebhookEvents(tx, row!, view, batch, new Date())
    })
  }
}

async function feed(
  query: string,
  token = merchantApp.key,
): Promise<{ status: number; body: EventFeed & { error?: { code: string; message: string } } }> {
  const response = await merchantApp.app.inject({ method: 'GET', url: `/api/events${query}`, headers: bearer(token) })
  return { status: response.statusCode, body: response.json() }
}

describe('GET /api/events', () => {
  it('pages 1,234 events 100 at a time in creation order, none missing or repeated; events added while paging come after', async () => {
    const [first, second] = [
      await createLink(merchantApp.key),
      await createLink(merchantApp.key, { webhookUrl: 'https://hooks.shop.example/paylink' }),
    ]
    await writeEvents(first, 700, 37)
    await writeEvents(second, 534, 50)
    const written = (await feed('?limit=500')).body
    expect(written.events).toHaveLength(500)

    const seen: string[] = []
    const seenLinks: string[] = []
    let cursor: string | null = null
    let pages = 0
    let appended = false
    for (;;) {
      const page = await feed(`?limit=100${cursor ? `&after=${cursor}` : ''}`)
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      pages++
      seen.push(...page.body.events.map((event) => event.id))
      seenLinks.push(...page.body.events.map((event) => event.data.link?.id ?? ''))
      cursor = page.body.nextCursor
      if (pages === 5 && !appended) {
        // New events while a reader is half-way: they must come after everything already read.
        await writeEvents(first, 66, 11)
        appended = true
      }
      if (!page.body.hasMore) break
    }
    expect(pages).toBe(Math.ceil(1300 / 100))
    expect(seen).toHaveLength(1300)
    expect(new Set(seen).size).toBe(1300)
    // The same order as one big read of the whole feed.
    const whole: string[] = []
    let after: string | null = null
    for (;;) {
      const page = await feed(`?limit=500${after ? `&after=${after}` : ''}`)
      whole.push(...page.body.events.map((event) => event.id))
      after = page.body.nextCursor
      if (!page.body.hasMore) break
    }
    expect(seen).toEqual(whole)
    // Nothing new: the same cursor comes back, so a poller keeps it.
    const idle = await feed(`?after=${cursor}`)
    expect([idle.status, idle.body.events, idle.body.nextCursor, idle.body.hasMore]).toEqual([200, [], cursor, false])
    // Creation order: the first link's 700, the second's 534, then the 66 appended while paging.
    expect(seenLinks.slice(0, 700).every((id) => id === first)).toBe(true)
    expect(seenLinks.slice(700, 1234).every((id) => id === second)).toBe(true)
    expect(seenLinks.slice(1234).every((id) => id === first)).toBe(true)
    // A cursor from before everything (a valid position) reads from the start.
    expect((await feed(`?after=${encodeEventCursor({ txId: 0n, seq: 0n })}&limit=1`)).body.events[0]!.id).toBe(seen[0])
  })

  it('each event is the webhook body; a link without a webhook URL has its events in the feed too', async () => {
    const linkId = await createLink(merchantApp.key, { expiresInSeconds: 1 })
    const before = (await feed('?limit=500')).body
    let cursor = before.nextCursor
    while ((await feed(`?after=${cursor}&limit=500`)).body.hasMore)
      cursor = (await feed(`?after=${cursor}&limit=500`)).body.nextCursor
    cursor = (await feed(`?after=${cursor}&limit=500`)).body.nextCursor
    expect(await expireLinks(merchantApp.context.database.db, new Date(Date.now() + 5000))).toContain(linkId)
    const after = await feed(`?after=${cursor}`)
    expect(after.body.events).toHaveLength(1)
    expect(after.body.events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'link.expired',
      data: { link: { id: linkId, status: 'expired' }, payment: null },
    })
  })

  it("keeps one type (order.paid) or one link's events with its orders', paging with the filters", async () => {
    const shop = await createLink(merchantApp.key, { reusable: true })
    const orderOf = async () => {
      const response = await merchantApp.app.inject({ method: 'POST', url: `/api/links/${shop}/orders`, payload: {} })
      expect(response.statusCode, response.body).toBe(201)
      return response.json<{ id: string }>().id
    }
    const [first, second] = [await orderOf(), await orderOf()]
    const elsewhere = await createLink(merchantApp.key)
    await writeEvents(first, 2, 2, ['payment.confirmed', 'order.paid'])
    await writeEvents(elsewhere, 1, 1, ['link.paid'])
    await writeEvents(second, 2, 1, ['payment.confirmed', 'order.paid'])
    const paid = (await feed('?type=order.paid&limit=500')).body.events
    expect(paid.map((event) => [event.type, event.data.link?.id, event.data.order?.linkId])).toEqual([
      ['order.paid', first, shop],
      ['order.paid', second, shop],
    ])
    const ofShop = (await feed(`?linkId=${shop}`)).body.events
    expect(ofShop.map((event) => [event.data.link?.id, event.type])).toEqual([
      [first, 'payment.confirmed'],
      [first, 'order.paid'],
      [second, 'payment.confirmed'],
      [second, 'order.paid'],
    ])
    const firstPage = (await feed(`?linkId=${shop}&type=order.paid&limit=1`)).body
    expect([firstPage.events.map((event) => event.data.link?.id), firstPage.hasMore]).toEqual([[first], true])
    const next = (await feed(`?linkId=${shop}&type=order.paid&after=${firstPage.nextCursor}`)).body
    expect([next.events.map((event) => event.data.link?.id), next.hasMore]).toEqual([[second], false])
    expect((await feed(`?linkId=${first}`)).body.events).toHaveLength(2)
    expect((await feed(`?linkId=${shop}`, otherKey)).body.events).toEqual([])
  })

  it("never shows another merchant's events", async () => {
    const stranger = await feed('', otherKey)
    expect([stranger.status, stranger.body.events, stranger.body.nextCursor, stranger.body.hasMore]).toEqual([
      200,
      [],
      null,
      false,
    ])
    const theirs = await createLink(otherKey, { expiresInSeconds: 1 })
    await expireLinks(merchantApp.context.database.db, new Date(Date.now() + 5000))
    const own = await feed('', otherKey)
    expect(own.body.events.map((event) => event.data.link?.id ?? '')).toEqual([theirs])
    // Their cursor on my feed is only a position: it shows none of their events.
    let all: string[] = []
    let after: string | null = null
    for (;;) {
      const page = await feed(`?limit=500${after ? `&after=${after}` : ''}`)
      all = all.concat(page.body.events.map((event) => event.data.link?.id ?? ''))
      after = page.body.nextCursor
      if (!page.body.hasMore) break
    }
    expect(all).not.toContain(theirs)
  })

  it('refuses a bad cursor or limit with 400 naming the field, and callers without a session or key with 401', async () => {
    const cases: Array<[string, string]> = [
      ['?after=nope!', 'query.after'],
      ['?after=abc', 'query.after'],
      [`?after=${Buffer.from('e1.1.x').toString('base64url')}`, 'query.after'],
      [`?after=${Buffer.from('e1.99999999999999999999.1').toString('base64url')}`, 'query.after'],
      [`?after=${'a'.repeat(201)}`, 'query.after'],
      ['?limit=0', 'query.limit'],
      ['?limit=501', 'query.limit'],
      ['?limit=ten', 'query.limit'],
      ['?limit=1.5', 'query.limit'],
      ['?limit=', 'query.limit'],
      ['?since=1', 'query'],
      ['?type=order.shipped', 'query.type'],
      ['?linkId=x', 'query.linkId'],
    ]
    await expectQueriesRefused(cases, (query) =>
      merchantApp.app.inject({ method: 'GET', url: `/api/events${query}`, headers: bearer(merchantApp.key) }),
    )
    const anonymous = await merchantApp.app.inject({ method: 'GET', url: '/api/events' })
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'UNAUTHENTICATED'])
    expect((await feed('?limit=1')).body.events).toHaveLength(1)
  })
})
