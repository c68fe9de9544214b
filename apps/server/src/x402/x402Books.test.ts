import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../db/newId.js'
import { webhookDeliveries, webhookEvents, x402Payments } from '../db/schema.js'
import { streamPaymentsCsv } from '../exports/streamPaymentsCsv.js'
import { merchantOf } from '../merchants/merchant.js'
import { createLinkOk, ethOrTusdLink, insertPaymentRow, merchantApiKey } from '../testing/merchantApi.js'
import { offlineAssets, useOfflineApps } from '../testing/offlineApp.js'
import { recordX402Payment, type SettledX402Payment } from './x402Payments.js'

const context = useOfflineApps()
const address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const merchant = merchantOf({ namespace: 'eip155', address })
const tusd = offlineAssets[1]!
let app: FastifyInstance
let key: string
let n = 5000

const hex32 = (value: number) => `0x${value.toString(16).padStart(64, '0')}`

const settled = (nonce: string): SettledX402Payment => ({
  merchant,
  caipNetworkId: tusd.caipNetworkId,
  asset: tusd.assetId.split(':').at(-1)!,
  payer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  nonce,
  scheme: 'exact',
  symbol: tusd.symbol,
  decimals: tusd.decimals,
  amount: '250000',
  payTo: address,
  txHash: hex32(++n),
  resourceUrl: 'https://api.example/report',
  description: 'Report',
})

beforeAll(async () => {
  app = await context.app()
  key = await merchantApiKey(context.database, 'x402 books', address)
})

describe("x402 payments in the merchant's books", () => {
  it('records a settlement once with one payment.x402 event; the same authorization again books and announces nothing', async () => {
    const nonce = hex32(++n)
    expect(await recordX402Payment(context.database.db, settled(nonce))).toBe(true)
    expect(await recordX402Payment(context.database.db, { ...settled(nonce), txHash: hex32(++n) })).toBe(false)
    const rows = await context.database.db.select().from(x402Payments)
    const booked = rows.filter((row) => row.authorizationNonce === nonce)
    expect(booked).toHaveLength(1)
    const events = await app.inject({
      method: 'GET',
      url: '/api/events?limit=500',
      headers: { authorization: `Bearer ${key}` },
    })
    expect(events.statusCode, events.body).toBe(200)
    const x402Events = events
      .json<{ events: Array<{ type: string; data: Record<string, unknown> }> }>()
      .events.filter((event) => event.type === 'payment.x402')
    expect(x402Events).toEqual([
      expect.objectContaining({
        data: {
          link: null,
          payment: null,
          x402Payment: expect.objectContaining({
            id: booked[0]!.id,
            linkId: null,
            amount: '0.25',
            asset: tusd.assetId,
            status: 'confirmed',
            resourceUrl: 'https://api.example/report',
            description: 'Report',
          }),
        },
      }),
    ])
    const stored = await context.database.db.select().from(webhookEvents)
    expect(stored.filter((event) => event.type === 'payment.x402').map((event) => event.linkId)).toEqual([null])
  })

  it('exports link and x402 payments together in the CSV, oldest first, each once, across pages', async () => {
    const { options } = await ethOrTusdLink(app, context.database, key, 'Shop')
    const option = options.find((o) => o.assetId === tusd.assetId)!
    const expected: string[] = []
    for (let i = 0; i < 7; i++) {
      const at = new Date(`2025-03-01T00:00:${String(10 + i).padStart(2, '0')}.000Z`)
      const id = newId('pay')
      if (i % 2 === 0) {
        const nonce = hex32(++n)
        await recordX402Payment(context.database.db, settled(nonce), at)
        const [row] = (await context.database.db.select().from(x402Payments)).filter(
          (r) => r.authorizationNonce === nonce,
        )
        expected.push(row!.id)
      } else {
        await insertPaymentRow(context.database, option, {
          id,
          txHash: hex32(++n),
          status: 'confirmed',
          optionId: option.id,
          amount: '1000000',
          confirmations: 1,
          createdAt: at,
        })
        expected.push(id)
      }
    }
    let text = ''
    const query = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' }
    for await (const chunk of streamPaymentsCsv({
      db: context.database.db,
      merchant,
      query,
      assets: offlineAssets,
      pageSize: 2,
    }))
      text += chunk
    const lines = text.split('\r\n').filter(Boolean).slice(1)
    expect(lines.map((line) => line.split(',')[0])).toEqual(expected)
    expect(lines.map((line) => line.split(',')[2])).toEqual([
      'Report',
      'Shop',
      'Report',
      'Shop',
      'Report',
      'Shop',
      'Report',
    ])

    let pending = ''
    for await (const chunk of streamPaymentsCsv({
      db: context.database.db,
      merchant,
      assets: offlineAssets,
      query: { ...query, status: 'pending' },
    }))
      pending += chunk
    expect(pending.split('\r\n').filter(Boolean)).toHaveLength(1)
  })

  it("sends the payment.x402 event to the webhook of the merchant's newest link paying payTo that has one", async () => {
    const hook = 'https://hooks.shop.example/x402'
    const withHook = await createLinkOk(app, key, {
      title: 'Hooked',
      options: [{ asset: tusd.assetId, amount: '1' }],
      webhookUrl: hook,
    })
    await createLinkOk(app, key, { title: 'Newer, no hook', options: [{ asset: tusd.assetId, amount: '1' }] })
    const nonce = hex32(++n)
    expect(await recordX402Payment(context.database.db, settled(nonce))).toBe(true)
    expect(await recordX402Payment(context.database.db, settled(nonce))).toBe(false)
    const deliveries = (await context.database.db.select().from(webhookDeliveries)).filter(
      (delivery) => delivery.type === 'payment.x402',
    )
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]).toMatchObject({ linkId: withHook.id, url: hook })
    const body = JSON.parse(deliveries[0]!.body) as { id: string; data: { x402Payment: { description: string } } }
    expect(body.data.x402Payment.description).toBe('Report')
    const [event] = (await context.database.db.select().from(webhookEvents)).filter((e) => e.id === body.id)
    expect(event).toMatchObject({ linkId: null, body: deliveries[0]!.body })
  })
})
