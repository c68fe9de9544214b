import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links, webhookDeliveries } from '../db/schema.js'
import { expireLinks } from '../links/expireLinks.js'
import { bearer, createLinkOk, merchantApiKey, otherMerchantAddress, postLink } from '../testing/merchantApi.js'
import { offlineAssets, useOfflineApps } from '../testing/offlineApp.js'
import {
  standardWebhookHeaders,
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../testing/webhookReceiver.js'
import { verifyWebhookSignature } from './signWebhook.js'

const context = useOfflineApps({ webhooks: { allowHttp: true, allowPrivateAddresses: true } })
let app: FastifyInstance
let key: string
let receiver: WebhookReceiver

beforeAll(async () => {
  app = await context.app()
  key = await merchantApiKey(context.database, 'hooks')
  receiver = await startWebhookReceiver()
}, 30_000)

afterAll(() => receiver?.close())

/** A link with a webhook whose one event (link.expired) is delivered; returns the link and the delivery. */
async function expiredLinkDelivered(): Promise<{
  linkId: string
  secret: string
  delivery: ReceivedWebhook
  deliveryId: string
}> {
  const created = await createLinkOk(app, key, {
    title: 'Hooked',
    options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }],
    webhookUrl: receiver.url,
    expiresInSeconds: 1,
  })
  const { id: linkId, webhookSecret: secret } = created as { id: string; webhookSecret: string }
  // Expired as if 5 s later (no waiting); the event is then due from that time, so due now.
  await expireLinks(context.database.db, new Date(Date.now() + 5000))
  await context.database.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.linkId, linkId))
  const before = receiver.received.length
  expect(await app.paymentLinks.webhooks.runOnce()).toBeGreaterThanOrEqual(1)
  const delivery = receiver.received.slice(before).find((r) => JSON.parse(r.body).data.link.id === linkId)!
  const deliveries = (
    await app.inject({ method: 'GET', url: `/api/links/${linkId}/deliveries`, headers: bearer(key) })
  ).json()
  return { linkId, secret, delivery, deliveryId: deliveries.deliveries[0].id }
}

async function redeliver(linkId: string, deliveryId: string): Promise<ReceivedWebhook> {
  const before = receiver.received.length
  expect(
    (
      await app.inject({
        method: 'POST',
        url: `/api/links/${linkId}/webhooks/${deliveryId}/redeliver`,
        headers: bearer(key),
      })
    ).statusCode,
  ).toBe(202)
  await app.paymentLinks.webhooks.runOnce()
  expect(receiver.received.length).toBe(before + 1)
  return receiver.received.at(-1)!
}

describe('Standard Webhooks deliveries', () => {
  it('carry webhook-id (the event id, the same on a redelivery), webhook-timestamp and a v1 signature the standardwebhooks library verifies', async () => {
    const { linkId, secret, delivery, deliveryId } = await expiredLinkDelivered()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const event = JSON.parse(delivery.body)
    expect(delivery.headers['webhook-id']).toBe(event.id)
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30)
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    expect(new Webhook(secret).verify(delivery.body, standardWebhookHeaders(delivery))).toMatchObject({
      id: event.id,
      type: 'link.expired',
    })
    expect(() =>
      new Webhook(secret).verify(delivery.body.replace('expired', 'paid'), standardWebhookHeaders(delivery)),
    ).toThrow(WebhookVerificationError)
    // The deprecated header still comes for one release, and verifies as before.
    expect(delivery.headers['paylink-event-id']).toBe(event.id)
    expect(
      verifyWebhookSignature({
        secret,
        rawBody: delivery.body,
        header: delivery.headers['paylink-signature'] as string,
      }),
    ).toBe(true)

    const again = await redeliver(linkId, deliveryId)
    expect(again.headers['webhook-id']).toBe(event.id)
    expect(again.body).toBe(delivery.body)
    expect(new Webhook(secret).verify(again.body, standardWebhookHeaders(again))).toBeTruthy()
  })

  it('an old-format secret keeps signing: keyed with its own bytes', async () => {
    const { linkId, deliveryId } = await expiredLinkDelivered()
    const legacy = `whsec_${Buffer.alloc(32, 0x5a).toString('base64url')}`
    await context.database.db.update(links).set({ webhookSecret: legacy }).where(eq(links.id, linkId))
    const delivery = await redeliver(linkId, deliveryId)
    expect(
      new Webhook(Buffer.from(legacy, 'utf8'), { format: 'raw' }).verify(
        delivery.body,
        standardWebhookHeaders(delivery),
      ),
    ).toBeTruthy()
    expect(
      verifyWebhookSignature({
        secret: legacy,
        rawBody: delivery.body,
        header: delivery.headers['paylink-signature'] as string,
      }),
    ).toBe(true)
  })

  it('rotation: the new secret is shown once; for 24 h both secrets sign, then the old one is dropped', async () => {
    const { linkId, secret: old, deliveryId } = await expiredLinkDelivered()
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/links/${linkId}/webhook/rotate-secret`,
      headers: bearer(key),
    })
    expect(rotated.statusCode, rotated.body).toBe(200)
    const { webhookSecret: fresh, previousSecretExpiresAt } = rotated.json() as {
      webhookSecret: string
      previousSecretExpiresAt: string
    }
    expect(fresh).toMatch(/^whsec_/)
    expect(fresh).not.toBe(old)
    expect(Math.abs(Date.parse(previousSecretExpiresAt) - Date.now() - 24 * 3600_000)).toBeLessThan(60_000)

    const during = await redeliver(linkId, deliveryId)
    expect((during.headers['webhook-signature'] as string).split(' ')).toHaveLength(2)
    expect(new Webhook(fresh).verify(during.body, standardWebhookHeaders(during))).toBeTruthy()
    expect(new Webhook(old).verify(during.body, standardWebhookHeaders(during))).toBeTruthy()
    // The deprecated header is signed with the new secret only.
    expect(
      verifyWebhookSignature({
        secret: fresh,
        rawBody: during.body,
        header: during.headers['paylink-signature'] as string,
      }),
    ).toBe(true)

    // 24 h later (the expiry moved into the past): the new secret alone, and the old one is gone.
    await context.database.db
      .update(links)
      .set({ webhookPreviousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.id, linkId))
    const after = await redeliver(linkId, deliveryId)
    expect((after.headers['webhook-signature'] as string).split(' ')).toHaveLength(1)
    expect(new Webhook(fresh).verify(after.body, standardWebhookHeaders(after))).toBeTruthy()
    expect(() => new Webhook(old).verify(after.body, standardWebhookHeaders(after))).toThrow(WebhookVerificationError)
    const [row] = await context.database.db.select().from(links).where(eq(links.id, linkId))
    expect([row!.webhookPreviousSecret, row!.webhookPreviousSecretExpiresAt]).toEqual([null, null])
  })

  it('rotating twice keeps only the secret just replaced; a link without a webhook is 409, a stranger 404, no key 401', async () => {
    const { linkId, secret: first, deliveryId } = await expiredLinkDelivered()
    const rotate = (id: string, headers: Record<string, string> = bearer(key)) =>
      app.inject({ method: 'POST', url: `/api/links/${id}/webhook/rotate-secret`, headers })
    const second = (await rotate(linkId)).json().webhookSecret as string
    const third = (await rotate(linkId)).json().webhookSecret as string
    const delivery = await redeliver(linkId, deliveryId)
    expect((delivery.headers['webhook-signature'] as string).split(' ')).toHaveLength(2)
    expect(new Webhook(third).verify(delivery.body, standardWebhookHeaders(delivery))).toBeTruthy()
    expect(new Webhook(second).verify(delivery.body, standardWebhookHeaders(delivery))).toBeTruthy()
    expect(() => new Webhook(first).verify(delivery.body, standardWebhookHeaders(delivery))).toThrow(
      WebhookVerificationError,
    )

    const plain = await postLink(app, key, {
      title: 'No hook',
      options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }],
    })
    const noHook = await rotate(plain.json().id)
    expect([noHook.statusCode, noHook.json().error.code]).toEqual([409, 'NO_WEBHOOK_URL'])
    const strangerKey = await merchantApiKey(context.database, 's', otherMerchantAddress)
    const stranger = await rotate(linkId, { authorization: `Bearer ${strangerKey}` })
    expect([stranger.statusCode, stranger.json().error.code]).toEqual([404, 'LINK_NOT_FOUND'])
    const anonymous = await rotate(linkId, {})
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'UNAUTHENTICATED'])
    const [row] = await context.database.db.select().from(links).where(eq(links.id, linkId))
    expect(row!.webhookSecret).toBe(third)
  })
})
