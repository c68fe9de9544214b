import { formatAmount, type Link, type WebhookDeliveryList, type WebhookEvent } from '@paylink/shared'
import { createPublicClient, erc20Abi, http } from 'viem'
import { count, eq } from 'drizzle-orm'
import { createParser } from 'eventsource-parser'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links, payments } from '../db/schema.js'
import { sessionAccounts, sessions } from '../db/schema.js'
import { createSessionToken, sessionIdOf } from '../siwx/sessionToken.js'
import { verifyWebhookSignature } from '../webhooks/signWebhook.js'
import { eventually, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { startWebhookReceiver, type ReceivedWebhook } from '../testing/webhookReceiver.js'

let h: Harness
let app: FastifyInstance
const origin = 'http://localhost:3000'

beforeAll(async () => {
  h = await startHarness()
  app = await h.app()
}, 30_000)

afterAll(() => h?.close())

const bearer = () => ({ authorization: `Bearer ${h.apiKey}` })
const countRows = async () => ({
  links: (await h.database.db.select({ n: count() }).from(links))[0]!.n,
  payments: (await h.database.db.select({ n: count() }).from(payments))[0]!.n,
})

/**
 * A link with a webhook to `url` that expires in a second, once expired: the tracker has seen it
 * and the worker has made the first attempt to send `link.expired`.
 */
/** The delivery carries the deprecated Paylink-Signature header, made with the link's secret. */
function expectLegacySigned(delivery: ReceivedWebhook, secret: string) {
  const header = delivery.headers['paylink-signature'] as string
  expect(verifyWebhookSignature({ secret, rawBody: delivery.body, header })).toBe(true)
}

async function expiredLinkSentTo(url: string, title: string) {
  const link = await h.createLink(app, {
    title,
    options: [{ asset: h.assets.eth, amount: '1' }],
    webhookUrl: url,
    expiresInSeconds: 1,
  })
  await new Promise((resolve) => setTimeout(resolve, 1050))
  await app.paymentLinks.tracker.runOnce()
  await app.paymentLinks.webhooks.runOnce()
  return link
}

/** A signed-in session for `address`, as the sign-in routes would leave it. */
async function signIn(address: string): Promise<string> {
  const token = createSessionToken()
  const id = sessionIdOf(token)
  const expiresAt = new Date(Date.now() + 3600_000)
  await h.database.db.insert(sessions).values({ id, expiresAt })
  await h.database.db.insert(sessionAccounts).values({
    sessionId: id,
    namespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    address,
    message: 'm',
    signature: '0x',
    data: {},
    expiresAt,
  })
  return `paylink_session=${token}`
}

describe('validation', () => {
  it("refuses more Test USD than exists (10^32 TUSD: the token's totalSupply, read on chain) with a 400 naming the supply; what exists is accepted", async () => {
    const before = await countRows()
    const chain = createPublicClient({ transport: http(h.devnet.chains[0]!.rpcUrl) })
    const supply = await chain.readContract({
      address: h.devnet.token.address,
      abi: erc20Abi,
      functionName: 'totalSupply',
    })
    const response = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: bearer(),
      payload: { title: 'Too much', options: [{ asset: h.assets.tusd, amount: '1' + '0'.repeat(32) }] },
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'INVALID_REQUEST',
      message: `body.options[0].amount: is more TUSD than exists: at most ${formatAmount(supply, 6)} TUSD (the token's total supply)`,
    })
    expect(await countRows()).toEqual(before)
    // The devnet's accounts hold 100,000 TUSD between them, and its faucets only add to it.
    const all = await h.createLink(app, { title: 'All of it', options: [{ asset: h.assets.tusd, amount: '100000' }] })
    expect(all.options[0]!.amount).toBe('100000')
  })

  it('answers 4xx naming the field and changes nothing', async () => {
    const before = await countRows()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', options: [{ asset: h.assets.tusd, amount: '1.1234567' }] }, 'body.options[0].amount'],
      [{ title: 'x', options: [{ asset: h.assets.tusd, amount: '0' }] }, 'body.options[0].amount'],
      [{ title: 'x', options: [{ asset: h.assets.tusd, amount: '1e5' }] }, 'body.options[0].amount'],
      [
        {
          title: 'x',
          options: [{ asset: 'eip155:31337/erc20:0x0000000000000000000000000000000000000001', amount: '1' }],
        },
        'body.options[0].asset',
      ],
      [{ title: 'x', options: [] }, 'body.options'],
      [{ title: '', options: [{ asset: h.assets.eth, amount: '1' }] }, 'body.title'],
      [{ title: 'x'.repeat(121), options: [{ asset: h.assets.eth, amount: '1' }] }, 'body.title'],
      [{ title: 'x', options: [{ asset: h.assets.eth, amount: '1', recipient: '0x12' }] }, 'body.options[0].recipient'],
      [
        { title: 'x', options: [{ asset: h.assets.eth, amount: '1' }], webhookUrl: 'ftp://example.com/x' },
        'body.webhookUrl',
      ],
      [{ title: 'x', options: [{ asset: h.assets.eth, amount: '1' }], expiresInSeconds: 0 }, 'body.expiresInSeconds'],
      [{ title: 'x', options: [{ asset: h.assets.eth, amount: '1' }], color: 'red' }, 'body'],
    ]
    for (const [payload, field] of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/links', headers: bearer(), payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error.code).toBe('INVALID_REQUEST')
      expect(response.json().error.message.startsWith(field), response.json().error.message).toBe(true)
    }
    const good = { title: 'x', options: [{ asset: h.assets.eth, amount: '1' }] }
    const anonymous = await app.inject({ method: 'POST', url: '/api/links', payload: good })
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'UNAUTHENTICATED'])
    const badKey = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: 'Bearer plk_nope' },
      payload: good,
    })
    expect([badKey.statusCode, badKey.json().error.code]).toEqual([401, 'INVALID_API_KEY'])

    const link = await h.createLink(app, good)
    const afterLink = await countRows()
    const paymentCases: Array<[string, Record<string, unknown>, number, string]> = [
      [link.id, { caipNetworkId: 'eip155:31337', txHash: '0x1234' }, 400, 'body.txHash'],
      [link.id, { caipNetworkId: 'not a chain', txHash: `0x${'ab'.repeat(32)}` }, 400, 'body.caipNetworkId'],
      [link.id, { txHash: `0x${'ab'.repeat(32)}` }, 400, 'body.caipNetworkId'],
      ['lnk_doesnotexist', { caipNetworkId: 'eip155:31337', txHash: `0x${'ab'.repeat(32)}` }, 404, 'No payment link'],
      ['../etc', { caipNetworkId: 'eip155:31337', txHash: `0x${'ab'.repeat(32)}` }, 400, 'params.id'],
    ]
    for (const [id, payload, status, start] of paymentCases) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/links/${encodeURIComponent(id)}/payments`,
        payload,
      })
      expect(response.statusCode, JSON.stringify(payload)).toBe(status)
      expect(response.json().error.message.startsWith(start), response.json().error.message).toBe(true)
    }
    expect(await countRows()).toEqual({ links: before.links + 1, payments: before.payments })
    expect(afterLink.links).toBe(before.links + 1)
    expect((await app.inject({ method: 'GET', url: '/api/links/lnk_doesnotexist' })).statusCode).toBe(404)
  })
})

describe('merchant routes', () => {
  it('lists only my links, with status and totals, for an API key', async () => {
    const link = await h.createLink(app, { title: 'Listed', options: [{ asset: h.assets.eth, amount: '0.02' }] })
    await h.submit(app, link.id, await h.payEth({ to: h.devnet.accounts[1]!, amount: '0.01' }))
    const mine = (await app.inject({ method: 'GET', url: '/api/links', headers: bearer() })).json()
    const listed = mine.links.find((l: Link) => l.id === link.id)
    expect(listed).toMatchObject({ status: 'partially_paid', webhookUrl: null })
    expect(listed.options[0]).toMatchObject({ amount: '0.02', paid: '0.01' })
    expect(listed.payments).toBeUndefined()

    const cookie = await signIn(h.devnet.accounts[7]!)
    const theirs = (await app.inject({ method: 'GET', url: '/api/links', headers: { cookie } })).json()
    expect(theirs.links).toEqual([])
    // Deliveries of someone else's link answer like a missing link.
    expect(
      (await app.inject({ method: 'GET', url: `/api/links/${link.id}/deliveries`, headers: { cookie } })).statusCode,
    ).toBe(404)
  })

  it('creates links and API keys from a session; keys work as Bearer until revoked', async () => {
    const address = h.devnet.accounts[8]!
    const cookie = await signIn(address)
    const created = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie, origin },
      payload: { title: 'Session', options: [{ asset: h.assets.eth, amount: '1' }] },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ merchantAddress: address, webhookSecret: null })
    expect(created.json().options[0].recipient).toBe(address)

    const key = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, origin },
      payload: { name: 'shop' },
    })
    expect(key.statusCode).toBe(201)
    const { id, token } = key.json()
    expect(token).toMatch(/^plk_/)
    const listed = (await app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } })).json()
    expect(listed.keys).toEqual([expect.objectContaining({ id, name: 'shop' })])
    expect(JSON.stringify(listed)).not.toContain(token)

    const withKey = { authorization: `Bearer ${token}` }
    const byKey = (await app.inject({ method: 'GET', url: '/api/links', headers: withKey })).json()
    expect(byKey.links.map((l: Link) => l.id)).toEqual([created.json().id])
    const keyMintsKey = await app.inject({ method: 'POST', url: '/api/keys', headers: withKey, payload: { name: 'x' } })
    expect([keyMintsKey.statusCode, keyMintsKey.json().error.code]).toEqual([403, 'SESSION_REQUIRED'])

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { cookie, origin } })).statusCode,
    ).toBe(204)
    expect((await app.inject({ method: 'GET', url: '/api/links', headers: withKey })).statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { cookie, origin } })).statusCode,
    ).toBe(404)
  })
})

describe('webhooks', () => {
  it('signs every event, retries a receiver that fails twice, and redelivers the same event on request', async () => {
    const failuresLeft = new Map<string, number>([['payment.detected', 2]])
    const receiver = await startWebhookReceiver((request) => {
      const type = (JSON.parse(request.body) as WebhookEvent).type
      const left = failuresLeft.get(type) ?? 0
      failuresLeft.set(type, left - 1)
      return { status: left > 0 ? 503 : 200 }
    })
    try {
      const link = await h.createLink(app, {
        title: 'Hooked',
        options: [{ asset: h.assets.eth, amount: '0.01' }],
        webhookUrl: receiver.url,
      })
      expect(link.webhookSecret).toMatch(/^whsec_/)
      await h.submit(app, link.id, await h.payEth({ to: h.devnet.accounts[1]!, amount: '0.01' }))
      app.paymentLinks.webhooks.start()
      const deliveries = async () =>
        (
          await app.inject({ method: 'GET', url: `/api/links/${link.id}/deliveries`, headers: bearer() })
        ).json() as WebhookDeliveryList
      const done = await eventually(async () => {
        const list = await deliveries()
        expect(list.deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded'])
        return list
      })
      expect(done.webhookUrl).toBe(receiver.url)
      const detected = done.deliveries.find((d) => d.type === 'payment.detected')!
      expect(detected).toMatchObject({ attempts: 3, lastStatusCode: 200, nextAttemptAt: null })
      expect(done.deliveries.filter((d) => d.type !== 'payment.detected').map((d) => d.attempts)).toEqual([1, 1])

      expect(receiver.received).toHaveLength(5)
      for (const request of receiver.received) {
        expect(request.headers['content-type']).toBe('application/json')
        const header = request.headers['paylink-signature'] as string
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
        expect(verifyWebhookSignature({ secret: link.webhookSecret!, rawBody: request.body, header })).toBe(true)
        expect(verifyWebhookSignature({ secret: 'whsec_other', rawBody: request.body, header })).toBe(false)
        expect(verifyWebhookSignature({ secret: link.webhookSecret!, rawBody: `${request.body} `, header })).toBe(false)
      }
      const detectedBodies = receiver.received
        .map((r) => JSON.parse(r.body) as WebhookEvent)
        .filter((e) => e.type === 'payment.detected')
      expect(new Set(detectedBodies.map((e) => e.id))).toEqual(new Set([detected.eventId]))
      const paid = receiver.received.map((r) => JSON.parse(r.body) as WebhookEvent).find((e) => e.type === 'link.paid')!
      expect(paid.data.link).toMatchObject({ id: link.id, status: 'paid' })
      expect(paid.data.payment).toBeNull()

      const again = await app.inject({
        method: 'POST',
        url: `/api/links/${link.id}/webhooks/${detected.id}/redeliver`,
        headers: bearer(),
      })
      expect(again.statusCode).toBe(202)
      await eventually(() => expect(receiver.received).toHaveLength(6))
      const redelivered = receiver.received[5]!
      expect((JSON.parse(redelivered.body) as WebhookEvent).id).toBe(detected.eventId)
      expectLegacySigned(redelivered, link.webhookSecret!)
      await eventually(async () =>
        expect((await deliveries()).deliveries.find((d) => d.id === detected.id)).toMatchObject({
          status: 'succeeded',
          attempts: 4,
        }),
      )

      const missing = await app.inject({
        method: 'POST',
        url: `/api/links/${link.id}/webhooks/whd_nope/redeliver`,
        headers: bearer(),
      })
      expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'DELIVERY_NOT_FOUND'])
    } finally {
      await app.paymentLinks.webhooks.stop()
      await receiver.close()
    }
  })

  it('does not follow redirects', async () => {
    const target = await startWebhookReceiver(() => ({ status: 200 }))
    const redirecting = await startWebhookReceiver(() => ({ status: 302, headers: { location: target.url } }))
    try {
      const link = await expiredLinkSentTo(redirecting.url, 'Moved')
      const list = (
        await app.inject({ method: 'GET', url: `/api/links/${link.id}/deliveries`, headers: bearer() })
      ).json() as WebhookDeliveryList
      expect(list.deliveries).toEqual([
        expect.objectContaining({ type: 'link.expired', status: 'pending', attempts: 1, lastStatusCode: 302 }),
      ])
      expect(list.deliveries[0]!.nextAttemptAt).not.toBeNull()
      expect(redirecting.received).toHaveLength(1)
      expect(target.received).toHaveLength(0)
    } finally {
      await Promise.all([target.close(), redirecting.close()])
    }
  })
})

describe('PATCH /api/links/:id/webhook', () => {
  const patch = (linkId: string, payload: unknown, headers: Record<string, string> = bearer()) =>
    app.inject({ method: 'PATCH', url: `/api/links/${linkId}/webhook`, headers, payload: payload as object })
  const deliveries = async (linkId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/links/${linkId}/deliveries`, headers: bearer() })
    ).json() as WebhookDeliveryList

  it('moves waiting events and redeliveries to the new URL, keeps the secret, and removing the URL ends what waits', async () => {
    const broken = await startWebhookReceiver(() => ({ status: 500 }))
    const fixed = await startWebhookReceiver(() => ({ status: 200 }))
    try {
      const link = await expiredLinkSentTo(broken.url, 'Wrong URL')
      const [expired] = (await deliveries(link.id)).deliveries
      expect(expired).toMatchObject({ type: 'link.expired', status: 'pending', attempts: 1, lastStatusCode: 500 })

      // Refused changes answer 4xx and change nothing.
      const stranger = await signIn(h.devnet.accounts[8]!)
      const refused: Array<[Awaited<ReturnType<typeof patch>>, number, string]> = [
        [await patch(link.id, { webhookUrl: 'ftp://example.com/hook' }), 400, 'body.webhookUrl'],
        [await patch(link.id, { webhookUrl: '' }), 400, 'body.webhookUrl'],
        [await patch(link.id, { webhookUrl: fixed.url, secret: 'mine' }), 400, 'body'],
        [await patch(link.id, {}), 400, 'body.webhookUrl'],
        [await patch('lnk_unknown', { webhookUrl: fixed.url }), 404, 'LINK_NOT_FOUND'],
        [await patch(link.id, { webhookUrl: fixed.url }, { cookie: stranger, origin }), 404, 'LINK_NOT_FOUND'],
        [await patch(link.id, { webhookUrl: fixed.url }, {}), 401, 'UNAUTHENTICATED'],
      ]
      for (const [response, status, mention] of refused) {
        expect(response.statusCode, response.body).toBe(status)
        expect(response.body).toContain(mention)
      }
      expect((await deliveries(link.id)).webhookUrl).toBe(broken.url)

      const changed = await patch(link.id, { webhookUrl: fixed.url })
      expect([changed.statusCode, changed.json()]).toEqual([200, { webhookUrl: fixed.url, webhookSecret: null }])
      expect((await deliveries(link.id)).webhookUrl).toBe(fixed.url)
      // The waiting event's next attempt goes to the new URL, signed with the same secret.
      app.paymentLinks.webhooks.start()
      await eventually(() => expect(fixed.received).toHaveLength(1))
      const first = fixed.received[0]!
      expect((JSON.parse(first.body) as WebhookEvent).id).toBe(expired!.eventId)
      expectLegacySigned(first, link.webhookSecret!)
      await eventually(async () =>
        expect((await deliveries(link.id)).deliveries[0]).toMatchObject({ status: 'succeeded', lastStatusCode: 200 }),
      )
      expect(broken.received).toHaveLength(1)

      // Back to the broken URL, redeliver: it waits for a retry; removing the URL ends it.
      expect((await patch(link.id, { webhookUrl: broken.url })).statusCode).toBe(200)
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/links/${link.id}/webhooks/${expired!.id}/redeliver`,
            headers: bearer(),
          })
        ).statusCode,
      ).toBe(202)
      await eventually(() => expect(broken.received).toHaveLength(2))
      await eventually(async () =>
        expect((await deliveries(link.id)).deliveries[0]).toMatchObject({ status: 'pending', lastStatusCode: 500 }),
      )
      const removed = await patch(link.id, { webhookUrl: null })
      expect([removed.statusCode, removed.json()]).toEqual([200, { webhookUrl: null, webhookSecret: null }])
      const after = await deliveries(link.id)
      expect(after.webhookUrl).toBeNull()
      expect(after.deliveries[0]).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        lastError: 'The webhook URL was removed, so this event is not sent.',
      })
      const redeliver = await app.inject({
        method: 'POST',
        url: `/api/links/${link.id}/webhooks/${expired!.id}/redeliver`,
        headers: bearer(),
      })
      expect([redeliver.statusCode, redeliver.json().error.code]).toEqual([409, 'NO_WEBHOOK_URL'])
      expect(broken.received).toHaveLength(2)
      expect(fixed.received).toHaveLength(1)
    } finally {
      await app.paymentLinks.webhooks.stop()
      await Promise.all([broken.close(), fixed.close()])
    }
  })

  it('gives a link that had no webhook its first secret, once', async () => {
    const link = await h.createLink(app, { title: 'No hook yet', options: [{ asset: h.assets.eth, amount: '1' }] })
    expect(link.webhookSecret).toBeNull()
    const first = await patch(link.id, { webhookUrl: 'http://127.0.0.1:9/hook' })
    expect(first.statusCode).toBe(200)
    expect(first.json().webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const second = await patch(link.id, { webhookUrl: 'http://127.0.0.1:9/other' })
    expect(second.json()).toEqual({ webhookUrl: 'http://127.0.0.1:9/other', webhookSecret: null })
    const [row] = await h.database.db.select({ secret: links.webhookSecret }).from(links).where(eq(links.id, link.id))
    expect(row!.secret).toBe(first.json().webhookSecret)
  })
})

describe('GET /api/links/:id/events', () => {
  it('streams the current state first, then every change, with heartbeats; ends when the server stops', async () => {
    const server = await h.app()
    const address = await server.listen({ port: 0, host: '127.0.0.1' })
    const link = await h.createLink(server, { title: 'Live', options: [{ asset: h.assets.tusd, amount: '5' }] })
    const response = await fetch(`${address}/api/links/${link.id}/events`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    const states: Link[] = []
    let heartbeats = 0
    const parser = createParser({
      onComment: (comment) => {
        if (comment.trim() === 'heartbeat') heartbeats++
      },
      onEvent: (message) => {
        const state = JSON.parse(message.data) as Link
        expect(message.event).toBe('link')
        expect(message.id).toBe(String(state.version))
        states.push(state)
      },
    })
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const { value, done: ended } = await reader.read()
        if (ended) throw new Error('stream ended')
        parser.feed(value)
      }
    }
    await readUntil(() => states.length >= 1)
    expect(states[0]).toMatchObject({ id: link.id, status: 'open', payments: [] })

    await h.submit(server, link.id, await h.payTusd({ to: h.devnet.accounts[1]!, amount: '2' }))
    await readUntil(() => states.at(-1)?.status === 'partially_paid')
    await h.submit(server, link.id, await h.payTusd({ to: h.devnet.accounts[1]!, amount: '3' }))
    await readUntil(() => states.at(-1)?.status === 'paid')
    const versions = states.map((s) => s.version)
    expect([...versions].sort((a, b) => a - b)).toEqual(versions)
    expect(states.at(-1)!.payments.map((p) => p.status)).toEqual(['confirmed', 'confirmed'])
    await readUntil(() => heartbeats >= 1)

    const closing = server.close()
    await expect(reader.read().then(async (first) => (first.done ? first : reader.read()))).resolves.toMatchObject({
      done: true,
    })
    await closing
  })

  it('answers 404 for an unknown link', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/links/lnk_unknown/events' })).statusCode).toBe(404)
  })
})
