import type { CreatedPosDevice, Link, PosDeviceList } from '@paylink/shared'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { bearer, createLinkOk, merchantApiKey, otherMerchantAddress, useMerchantApp } from '../testing/merchantApi.js'
import { evmChain, offlineAssets, tableRates, testNetwork } from '../testing/offlineApp.js'

// Point of sale (#30) over the offline app: device tokens need no chain, a sale's quote a rate
// table, its scan-to-pay URIs a chain marked with the deposit factory (never read here).
const merchant = useMerchantApp({
  networks: [{ ...testNetwork(evmChain, 'http://127.0.0.1:9', 'Test EVM'), depositFactory: true }],
  quotes: {
    rates: tableRates(
      new Map([
        ['ETH:USD', '2500'],
        ['TUSD:USD', '1'],
      ]),
    ),
  },
})
const [eth, tusd] = offlineAssets.map((asset) => asset.assetId) as [string, string]
const posBody = (title: string) => ({
  title,
  reusable: true,
  amount: 'payer',
  pos: true,
  donation: { currency: 'USD' },
  options: [{ asset: eth }, { asset: tusd }],
})

let counter: Link
let otherCounter: Link
let device: CreatedPosDevice

const asDevice = (token: string) => ({ 'x-pos-token': token })
const sale = (linkId: string, token: string, amount: unknown) =>
  merchant.app.inject({
    method: 'POST',
    url: `/api/pos/${linkId}/sales`,
    headers: asDevice(token),
    payload: { amount },
  })
const readSale = (linkId: string, orderId: string, token: string) =>
  merchant.app.inject({ method: 'GET', url: `/api/pos/${linkId}/sales/${orderId}`, headers: asDevice(token) })
const salesOf = async (linkId: string) =>
  (await merchant.context.database.db.select({ n: count() }).from(links).where(eq(links.orderOf, linkId)))[0]!.n
const errorOf = (response: { statusCode: number; json(): { error: { code: string } } }) => [
  response.statusCode,
  response.json().error.code,
]

beforeAll(async () => {
  counter = await createLinkOk(merchant.app, merchant.key, posBody('Counter'))
  otherCounter = await createLinkOk(merchant.app, merchant.key, posBody('Second till'))
  const made = await merchant.app.inject({
    method: 'POST',
    url: `/api/links/${counter.id}/pos-devices`,
    headers: bearer(merchant.key),
    payload: { label: 'Front till' },
  })
  expect(made.statusCode, made.body).toBe(201)
  device = made.json()
})

describe('point of sale', () => {
  it('marks a fiat donation link as a POS, and refuses a POS without a currency to type in', async () => {
    expect(counter.reusable).toMatchObject({ pos: true, donation: { currency: 'USD' } })
    const bad = await merchant.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: bearer(merchant.key),
      payload: { ...posBody('No currency'), donation: {}, options: [{ asset: eth }] },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toMatch(/^body\.pos: needs "amount": "payer"/)
  })

  it("makes device links only on the merchant's own point of sale, lists them without their tokens", async () => {
    expect(device).toMatchObject({ linkId: counter.id, label: 'Front till', revokedAt: null })
    expect(device.path).toBe(`/pos/${counter.id}#t=${device.token}`)
    expect(device.token.length).toBeGreaterThanOrEqual(43)

    const plain = await createLinkOk(merchant.app, merchant.key, {
      title: 'Tip jar',
      reusable: true,
      amount: 'payer',
      donation: { currency: 'USD' },
      options: [{ asset: eth }],
    })
    const onPlain = await merchant.app.inject({
      method: 'POST',
      url: `/api/links/${plain.id}/pos-devices`,
      headers: bearer(merchant.key),
      payload: {},
    })
    expect(errorOf(onPlain)).toEqual([409, 'NOT_A_POS'])
    const stranger = await merchantApiKey(merchant.context.database, 'other', otherMerchantAddress)
    for (const [method, url] of [
      ['POST', `/api/links/${counter.id}/pos-devices`],
      ['GET', `/api/links/${counter.id}/pos-devices`],
      ['DELETE', `/api/links/${counter.id}/pos-devices/${device.id}`],
    ] as const) {
      const response = await merchant.app.inject({ method, url, headers: bearer(stranger), payload: {} })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
    }

    const list = await merchant.app.inject({
      method: 'GET',
      url: `/api/links/${counter.id}/pos-devices`,
      headers: bearer(merchant.key),
    })
    const { devices } = list.json<PosDeviceList>()
    expect(devices.map((d) => d.id)).toEqual([device.id])
    expect(list.body).not.toContain(device.token)
  })

  it('a device token sells from its own point of sale only: a quoted order with a payment URI per chain, read back by the device', async () => {
    const session = await merchant.app.inject({
      method: 'GET',
      url: `/api/pos/${counter.id}`,
      headers: asDevice(device.token),
    })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toMatchObject({ device: { id: device.id, label: 'Front till' }, link: { id: counter.id } })

    const made = await sale(counter.id, device.token, '12.50')
    expect(made.statusCode, made.body).toBe(201)
    const order = made.json<Link>()
    expect(order.order).toEqual({ linkId: counter.id, quantity: 1 })
    expect(order.price).toEqual({ currency: 'USD', amount: '12.50' })
    // Quoted at once: 12.50 USD at 2500 USD/ETH, and every option has a URI for its QR.
    expect(order.options.map((option) => option.amount)).toEqual(['0.005', '12.5'])
    expect(order.options.map((option) => option.paymentUri?.split(':')[0])).toEqual(['ethereum', 'ethereum'])

    const read = await readSale(counter.id, order.id, device.token)
    expect([read.statusCode, read.json().id]).toEqual([200, order.id])

    // Not another point of sale of the same merchant, nor its sales, nor a sale through another link's path.
    expect(errorOf(await sale(otherCounter.id, device.token, '1'))).toEqual([401, 'INVALID_POS_TOKEN'])
    expect(errorOf(await readSale(otherCounter.id, order.id, device.token))).toEqual([401, 'INVALID_POS_TOKEN'])
    const plainOrder = await merchant.app.inject({
      method: 'POST',
      url: `/api/links/${otherCounter.id}/orders`,
      payload: { amount: '3' },
    })
    expect(errorOf(await readSale(counter.id, plainOrder.json().id, device.token))).toEqual([404, 'SALE_NOT_FOUND'])
    expect(errorOf(await sale(counter.id, 'x'.repeat(43), '1'))).toEqual([401, 'INVALID_POS_TOKEN'])
    const bare = await merchant.app.inject({
      method: 'POST',
      url: `/api/pos/${counter.id}/sales`,
      payload: { amount: '1' },
    })
    expect(errorOf(bare)).toEqual([401, 'POS_TOKEN_MISSING'])
    expect(await salesOf(otherCounter.id)).toBe(1)
  })

  it('refuses a bad amount with 400 and stores nothing', async () => {
    const before = await salesOf(counter.id)
    for (const amount of ['0', '1.234', '-5', 'ten', '', 12]) {
      const response = await sale(counter.id, device.token, amount)
      expect(errorOf(response), String(amount)).toEqual([400, 'INVALID_REQUEST'])
    }
    expect(await salesOf(counter.id)).toBe(before)
  })

  it('refuses the device from the request right after the merchant disconnects it', async () => {
    const order = (await sale(counter.id, device.token, '2')).json<Link>()
    const revoke = () =>
      merchant.app.inject({
        method: 'DELETE',
        url: `/api/links/${counter.id}/pos-devices/${device.id}`,
        headers: bearer(merchant.key),
      })
    const revoked = await revoke()
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json().revokedAt).not.toBeNull()
    const before = await salesOf(counter.id)
    expect(errorOf(await readSale(counter.id, order.id, device.token))).toEqual([403, 'POS_DEVICE_REVOKED'])
    expect(errorOf(await sale(counter.id, device.token, '2'))).toEqual([403, 'POS_DEVICE_REVOKED'])
    const session = await merchant.app.inject({
      method: 'GET',
      url: `/api/pos/${counter.id}`,
      headers: asDevice(device.token),
    })
    expect(session.json().error.message).toBe('This device was disconnected by the shop.')
    expect(await salesOf(counter.id)).toBe(before)
    // Revoking twice changes nothing.
    expect((await revoke()).json().revokedAt).toBe(revoked.json().revokedAt)
  })
})
