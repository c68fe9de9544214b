// The SDK against a running server (buildApp on PGlite, on a loopback port): the calls a shop
// makes, a real signed delivery verified, and the drift check on the server's own document.
import type { Link } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../apps/server/src/app.js'
import { openDatabase, type Database } from '../../../apps/server/src/db/openDatabase.js'
import {
  insertPaymentRow,
  merchantAddress,
  merchantApiKey,
  optionRowsOf,
} from '../../../apps/server/src/testing/merchantApi.js'
import { startWebhookReceiver, type WebhookReceiver } from '../../../apps/server/src/testing/webhookReceiver.js'
import { enqueueWebhookEvents } from '../../../apps/server/src/webhooks/enqueueWebhookEvents.js'
import { merchantOf } from '../../../apps/server/src/merchants/merchant.js'
import { typesDrift } from '../../../scripts/sdk/generateTypes.js'
import { sdkServerConfig } from '../../../scripts/sdk/serverDocument.js'
import {
  createPaylinkClient,
  PaylinkApiError,
  PaylinkWebhookError,
  verifyWebhook,
  type PaylinkClient,
} from './index.js'

describe('@paylink/sdk against a running server', () => {
  let database: Database
  let app: FastifyInstance
  let receiver: WebhookReceiver
  let baseUrl: string
  let client: PaylinkClient
  const requests: string[] = []

  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' })
    app = await buildApp({
      ...sdkServerConfig(database),
      webhooks: { allowHttp: true, allowPrivateAddresses: true },
    })
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
    receiver = await startWebhookReceiver()
    const apiKey = await merchantApiKey(database, 'sdk')
    client = createPaylinkClient({
      baseUrl,
      apiKey,
      fetch: (request) => {
        requests.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`)
        return fetch(request)
      },
    })
  }, 120_000)

  afterAll(async () => {
    await receiver?.close()
    await app?.close()
    await database?.close()
  })

  it('creates (idempotently), reads, pages payments and events, throws typed errors, verifies a delivery', async () => {
    const body = {
      title: 'Order 1001',
      options: [{ asset: 'eip155:31337/slip44:60', amount: '0.01' }],
      webhookUrl: receiver.url,
    }
    const created = await client.links.create(body, { idempotencyKey: 'order-1001' })
    expect(created.title).toBe('Order 1001')
    expect(created.webhookSecret).toMatch(/^whsec_/)
    // The shop's retry after a lost answer: the same link, not a second one.
    expect((await client.links.create(body, { idempotencyKey: 'order-1001' })).id).toBe(created.id)
    // Without a key of its own the SDK sends one anyway: two calls, two links.
    const other = await client.links.create({ ...body, title: 'Order 1002' })
    expect(other.id).not.toBe(created.id)
    expect((await client.links.list()).links.map((link) => link.id)).toEqual([other.id, created.id])

    // Public read, as a browser does it: no API key.
    const publicClient = createPaylinkClient({ baseUrl })
    const read = await publicClient.links.get(created.id)
    expect([read.id, read.options[0]!.amount]).toEqual([created.id, '0.01'])

    const error = await client.links.create({ title: '', options: [] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaylinkApiError)
    expect([(error as PaylinkApiError).status, (error as PaylinkApiError).code]).toEqual([400, 'INVALID_REQUEST'])
    const missing = await publicClient.links.get('lnk_missing').catch((e: unknown) => e)
    expect([(missing as PaylinkApiError).status, (missing as PaylinkApiError).code]).toEqual([404, 'LINK_NOT_FOUND'])

    const [option] = await optionRowsOf(database, created.id)
    for (let i = 1; i <= 5; i++)
      await insertPaymentRow(database, option!, {
        txHash: `0x${i.toString(16).padStart(64, '0')}`,
        status: 'confirmed',
        amount: '10000000000000000',
        confirmations: 1,
        createdAt: new Date(Date.UTC(2026, 0, i)),
      })
    requests.length = 0
    const payments = []
    for await (const payment of client.payments.all({ limit: 2 })) payments.push(payment.txHash)
    expect(payments).toEqual([5, 4, 3, 2, 1].map((i) => `0x${i.toString(16).padStart(64, '0')}`))
    expect(requests.filter((r) => r.startsWith('GET /api/payments'))).toHaveLength(3)

    // Three events, as the tracker writes them, delivered by the real worker to the receiver.
    await database.db.transaction((tx) =>
      enqueueWebhookEvents(
        tx,
        {
          id: created.id,
          merchant: merchantOf({ namespace: 'eip155', address: merchantAddress }).id,
          webhookUrl: receiver.url,
        },
        read as unknown as Link,
        [
          { type: 'payment.detected', payment: null },
          { type: 'payment.confirmed', payment: null },
          { type: 'link.paid', payment: null },
        ],
        new Date(),
      ),
    )
    expect(await app.paymentLinks.webhooks.runOnce()).toBe(3)
    expect(receiver.received).toHaveLength(3)
    const verified = receiver.received.map((delivery) =>
      verifyWebhook(delivery.body, delivery.headers as Record<string, string>, created.webhookSecret!),
    )
    expect(verified.map((event) => [event.type, event.data.link?.id]).sort()).toEqual([
      ['link.paid', created.id],
      ['payment.confirmed', created.id],
      ['payment.detected', created.id],
    ])
    const delivery = receiver.received[0]!
    const tampered = delivery.body.replace(created.id, other.id)
    expect(tampered).not.toBe(delivery.body)
    expect(() => verifyWebhook(tampered, delivery.headers as Record<string, string>, created.webhookSecret!)).toThrow(
      PaylinkWebhookError,
    )
    expect(() =>
      verifyWebhook(delivery.body, delivery.headers as Record<string, string>, other.webhookSecret!),
    ).toThrow(PaylinkWebhookError)

    const events = []
    for await (const feedEvent of client.events.all({ limit: 2 })) events.push(feedEvent.type)
    expect(events).toEqual(['payment.detected', 'payment.confirmed', 'link.paid'])
  })

  it('matches the committed types, and the drift check fails on a changed schema', async () => {
    const document = (await client.api.GET('/api/openapi.json')).data as Record<string, unknown>
    expect(await typesDrift(document)).toBeNull()
    const changed = structuredClone(document) as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: { properties: object } }> } }>
      >
    }
    const createLinkBody = changed.paths['/api/links']!.post!.requestBody.content['application/json']!.schema
    createLinkBody.properties = { ...createLinkBody.properties, orderId: { type: 'string' } }
    expect(await typesDrift(changed)).toMatch(/differs from the server's OpenAPI document/)
  })
})
