import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createLinkOk, merchantApiKey, otherMerchantAddress } from '../testing/merchantApi.js'
import { offlineAssets, testOrigin, useOfflineApps } from '../testing/offlineApp.js'
import { standardWebhookHeaders, startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver.js'

const context = useOfflineApps()
let answer = 204
let receiver: WebhookReceiver
let receiverUrl: string

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => ({ status: answer }))
  receiverUrl = receiver.url
})
afterAll(() => receiver.close())

const linkWithWebhook = (app: FastifyInstance, key: string, webhookUrl?: string) =>
  createLinkOk(app, key, {
    title: 'Mug',
    options: [{ asset: offlineAssets[1]!.assetId, amount: '12' }],
    ...(webhookUrl ? { webhookUrl } : {}),
  })

const test = (app: FastifyInstance, key: string, id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/links/${id}/webhook/test`,
    headers: { ...bearer(key), origin: testOrigin },
  })

describe('POST /api/links/:id/webhook/test', () => {
  it("sends a webhook.test event signed with the link's secret and answers the receiver's status", async () => {
    const app = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    const key = await merchantApiKey(context.database, 'test')
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
    const delivery = receiver.received.at(-1)!
    const event = new Webhook(link.webhookSecret!).verify(delivery.body, standardWebhookHeaders(delivery)) as {
      id: string
      type: string
      data: { link: { id: string }; payment: null }
    }
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
      headers: bearer(key),
    })
    expect(deliveries.json().deliveries).toEqual([])
    const feed = await app.inject({ method: 'GET', url: '/api/events', headers: bearer(key) })
    expect(feed.json().events).toEqual([])
  })

  it('passes the same address checks as deliveries: a private address is refused without a request', async () => {
    const open = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    const key = await merchantApiKey(context.database, 'ssrf')
    const link = await linkWithWebhook(open, key, receiverUrl)
    const strict = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: false } })
    const before = receiver.received.length
    const refused = await test(strict, key, link.id)
    expect(refused.statusCode, refused.body).toBe(200)
    expect(refused.json()).toMatchObject({ delivered: false, statusCode: null })
    expect(refused.json().error).toMatch(/^URL refused: .*127\.0\.0\.1/)
    expect(receiver.received.length).toBe(before)
  })

  it('answers 409 NO_WEBHOOK_URL for a link without one, 404 for another merchant', async () => {
    const app = await context.app({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
    const key = await merchantApiKey(context.database, 'none')
    const bare = await linkWithWebhook(app, key)
    const none = await test(app, key, bare.id)
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'NO_WEBHOOK_URL'])
    const otherKey = await merchantApiKey(context.database, 'x', otherMerchantAddress)
    const foreign = await test(app, otherKey, bare.id)
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'LINK_NOT_FOUND'])
  })
})
