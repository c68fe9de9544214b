import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { offlineAssets, testOrigin, useOfflineApps } from '../testing/offlineApp.js'

const context = useOfflineApps()
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []
let answer = 204
let server: Server
let receiverUrl: string
const merchant = merchantOf({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.statusCode = answer
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function linkWithWebhook(app: FastifyInstance, key: string, webhookUrl?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      title: 'Mug',
      options: [{ asset: offlineAssets[1]!.assetId, amount: '12' }],
      ...(webhookUrl ? { webhookUrl } : {}),
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: string; webhookSecret: string | null }
}

const test = (app: FastifyInstance, key: string, id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/links/${id}/webhook/test`,
    headers: { authorization: `Bearer ${key}`, origin: testOrigin },
  })

describe('POST /api/links/:id/webhook/test', () => {
  it("sends a webhook.test event signed with the link's secret and answers the receiver's status", async () => {
    const app = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    const key = (await createApiKey(context.database.db, merchant, 'test')).token
    const link = await linkWithWebhook(app, key, receiverUrl)
    answer = 204
    const ok = await test(app, key, link.id)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({
      type: 'webhook.test',
      url: receiverUrl,
      delivered: true,
      statusCode: 204,
      error: null,
    })
    const delivery = received.at(-1)!
    const event = new Webhook(link.webhookSecret!).verify(delivery.body, {
      'webhook-id': delivery.headers['webhook-id'] as string,
      'webhook-timestamp': delivery.headers['webhook-timestamp'] as string,
      'webhook-signature': delivery.headers['webhook-signature'] as string,
    }) as { id: string; type: string; data: { link: { id: string }; payment: null } }
    expect(event).toMatchObject({
      id: ok.json().eventId,
      type: 'webhook.test',
      data: { link: { id: link.id }, payment: null },
    })

    answer = 500
    const failing = await test(app, key, link.id)
    expect(failing.json()).toMatchObject({ delivered: false, statusCode: 500, error: 'HTTP 500' })
    // Not queued: no delivery row, nothing in the events feed.
    const deliveries = await app.inject({
      method: 'GET',
      url: `/api/links/${link.id}/deliveries`,
      headers: { authorization: `Bearer ${key}` },
    })
    expect(deliveries.json().deliveries).toEqual([])
    const feed = await app.inject({ method: 'GET', url: '/api/events', headers: { authorization: `Bearer ${key}` } })
    expect(feed.json().events).toEqual([])
  })

  it('passes the same address checks as deliveries: a private address is refused without a request', async () => {
    const open = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    const key = (await createApiKey(context.database.db, merchant, 'ssrf')).token
    const link = await linkWithWebhook(open, key, receiverUrl)
    const strict = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: false } })
    const before = received.length
    const refused = await test(strict, key, link.id)
    expect(refused.statusCode, refused.body).toBe(200)
    expect(refused.json()).toMatchObject({ delivered: false, statusCode: null })
    expect(refused.json().error).toMatch(/^URL refused: .*127\.0\.0\.1/)
    expect(received.length).toBe(before)
  })

  it('answers 409 NO_WEBHOOK_URL for a link without one, 404 for another merchant', async () => {
    const app = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    const key = (await createApiKey(context.database.db, merchant, 'none')).token
    const bare = await linkWithWebhook(app, key)
    const none = await test(app, key, bare.id)
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'NO_WEBHOOK_URL'])
    const otherKey = (
      await createApiKey(
        context.database.db,
        merchantOf({ namespace: 'eip155', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }),
        'x',
      )
    ).token
    const foreign = await test(app, otherKey, bare.id)
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'LINK_NOT_FOUND'])
  })
})
