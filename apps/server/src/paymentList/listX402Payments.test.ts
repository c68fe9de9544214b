import { paymentsCsvColumns, type EventFeed, type PaymentList } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { newId } from '../db/newId.js'
import { plans, subscriptionRenewals, subscriptions, x402Payments } from '../db/schema.js'
import { merchantOf } from '../merchants/merchant.js'
import { enqueueSubscriptionEvent } from '../subscriptions/subscriptionEvents.js'
import {
  bearer,
  useMerchantApp,
  ethOrTusdLink,
  insertPaymentRow,
  merchantApiKey,
  otherMerchantAddress,
} from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'

const merchant = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const merchantApp = useMerchantApp({}, 'x402 list', merchant)
const tusd = offlineAssets[1]!

const txHashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
let tx = 1000

/** An x402 payment as the facilitator records it (a fixture: the settle path is facilitator.test.ts's). */
async function insertX402(createdAt: string, owner = merchant, description = 'Weather now') {
  const id = newId('pay')
  await merchantApp.context.database.db.insert(x402Payments).values({
    id,
    merchant: `eip155:${owner}`,
    caipNetworkId: tusd.caipNetworkId,
    assetId: tusd.assetId,
    scheme: 'exact',
    symbol: tusd.symbol,
    decimals: tusd.decimals,
    amount: '10000',
    payer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    payTo: owner,
    authorizationNonce: txHashOf(++tx),
    txHash: txHashOf(tx),
    resourceUrl: 'https://api.example/weather',
    description,
    createdAt: new Date(createdAt),
  })
  return id
}

const listOk = async (query = ''): Promise<PaymentList> => {
  const response = await merchantApp.app.inject({
    method: 'GET',
    url: `/api/payments${query}`,
    headers: bearer(merchantApp.key),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('GET /api/payments with x402 payments', () => {
  it('pages link and x402 payments together, newest first, each once, and sums both in the totals', async () => {
    const { options } = await ethOrTusdLink(merchantApp.app, merchantApp.context.database, merchantApp.key, 'Shop')
    const option = options.find((o) => o.assetId === tusd.assetId)!
    const expected: string[] = []
    for (let i = 0; i < 7; i++) {
      const at = `2025-06-01T00:00:${String(10 + i).padStart(2, '0')}.000Z`
      if (i % 2 === 0) expected.push(await insertX402(at))
      else {
        const id = newId('pay')
        await insertPaymentRow(merchantApp.context.database, option, {
          id,
          txHash: txHashOf(++tx),
          status: 'confirmed',
          optionId: option.id,
          amount: '1000000',
          confirmations: 1,
          createdAt: new Date(at),
        })
        expected.push(id)
      }
    }
    await insertX402('2025-06-01T00:00:30.000Z', otherMerchantAddress)
    expected.reverse()

    const seen: Array<{ id: string; kind: string }> = []
    let after: string | null = null
    let pages = 0
    do {
      const page: PaymentList = await listOk(`?limit=3${after ? `&after=${after}` : ''}`)
      expect(page.matched).toBe(7)
      expect(page.totals).toEqual([expect.objectContaining({ asset: tusd.assetId, confirmed: '3.04', count: 7 })])
      seen.push(...page.payments.map((p) => ({ id: p.id, kind: p.kind })))
      after = page.nextCursor
      expect(page.hasMore).toBe(after !== null)
      pages++
    } while (after)
    expect(pages).toBe(3)
    expect(seen.map((p) => p.id)).toEqual(expected)
    expect(seen.map((p) => p.kind)).toEqual(['x402', 'link', 'x402', 'link', 'x402', 'link', 'x402'])
  })

  it('filters x402 payments like the others: a status other than confirmed leaves them out, q finds the description', async () => {
    const id = await insertX402('2025-07-01T00:00:00.000Z', merchant, 'Unique forecast')
    expect((await listOk('?status=pending')).payments.some((p) => p.kind === 'x402')).toBe(false)
    const found = await listOk('?q=unique%20fore')
    expect(found.payments.map((p) => [p.id, p.kind, p.linkId, p.linkTitle])).toEqual([
      [id, 'x402', null, 'Unique forecast'],
    ])
    expect(found.payments[0]!.x402).toEqual({
      resourceUrl: 'https://api.example/weather',
      description: 'Unique forecast',
    })
  })
})

const renewalPayer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

/** Another merchant than the x402 tests', so their totals stay theirs. */
const renewalMerchant = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
let renewalKey = ''
const get = async (url: string) => {
  const response = await merchantApp.app.inject({ method: 'GET', url, headers: bearer(renewalKey) })
  expect(response.statusCode, response.body).toBe(200)
  return response
}

/**
 * A subscription renewed by the collector, as the scheduler records it (a fixture: the pull itself
 * is subscriptions.devnet.test.ts's), plus one renewal paid by link, which the list must not repeat.
 */
async function insertPulledRenewal(paidAt: string) {
  const { db } = merchantApp.context.database
  const owner = merchantOf({ namespace: 'eip155', address: renewalMerchant }).id
  const planId = newId('pln')
  await db.insert(plans).values({
    id: planId,
    merchant: owner,
    merchantAddress: renewalMerchant,
    name: 'Monthly beans',
    options: [{ asset: tusd.assetId, amount: '12.5' }],
    interval: 'month',
  })
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      id: newId('sub'),
      planId,
      merchant: owner,
      status: 'active',
      email: 'payer@example.com',
      manageTokenHash: '0'.repeat(64),
      renewal: 'automatic',
      payerAddress: renewalPayer,
      autoAssetId: tusd.assetId,
      collectorId: txHashOf(1),
      paidPeriods: 2,
    })
    .returning()
  const renewal = { subscriptionId: subscription!.id, dueAt: new Date(paidAt), status: 'paid' }
  const id = newId('rnw')
  await db.insert(subscriptionRenewals).values([
    { ...renewal, id, period: 1, method: 'pull', txHash: txHashOf(0xbeef), paidAt: new Date(paidAt) },
    { ...renewal, id: newId('rnw'), period: 0, method: 'link', paidAt: new Date(paidAt) },
  ])
  await db.transaction((tx) =>
    enqueueSubscriptionEvent(tx, 'subscription.renewed', subscription!, { txHash: txHashOf(0xbeef) }),
  )
  return { id, subscriptionId: subscription!.id, planId }
}

describe('pulled renewals in the books', () => {
  it('lists a pulled renewal once among link payments (pages, totals, CSV) and its event in /api/events', async () => {
    renewalKey = await merchantApiKey(merchantApp.context.database, 'renewals', renewalMerchant)
    const { options } = await ethOrTusdLink(merchantApp.app, merchantApp.context.database, renewalKey, 'Shop')
    const option = options.find((o) => o.assetId === tusd.assetId)!
    const linkPayments: string[] = []
    for (const [i, at] of ['2025-05-01T00:00:01.000Z', '2025-05-01T00:00:03.000Z'].entries()) {
      const id = newId('pay')
      await insertPaymentRow(merchantApp.context.database, option, {
        id,
        txHash: txHashOf(10 + i),
        status: 'confirmed',
        optionId: option.id,
        amount: '1000000',
        confirmations: 1,
        createdAt: new Date(at),
      })
      linkPayments.push(id)
    }
    const renewal = await insertPulledRenewal('2025-05-01T00:00:02.000Z')

    // A page of one each: the renewal is second, between the link payments, and only once.
    const seen: PaymentList['payments'] = []
    let after = ''
    for (;;) {
      const page: PaymentList = (await get(`/api/payments?limit=1${after}`)).json()
      seen.push(...page.payments)
      if (!page.nextCursor) break
      after = `&after=${page.nextCursor}`
    }
    expect(seen.map((p) => p.id)).toEqual([linkPayments[1], renewal.id, linkPayments[0]])
    expect(seen[1]).toMatchObject({
      kind: 'subscription',
      linkId: null,
      linkTitle: 'Monthly beans',
      subscription: { id: renewal.subscriptionId, planId: renewal.planId, period: 1 },
      amount: '12.5',
      asset: tusd.assetId,
      symbol: 'TUSD',
      caipNetworkId: tusd.caipNetworkId,
      txHash: txHashOf(0xbeef),
      payer: renewalPayer,
      status: 'confirmed',
      createdAt: '2025-05-01T00:00:02.000Z',
    })
    const all: PaymentList = (await get('/api/payments')).json()
    expect(all.matched).toBe(3)
    expect(all.totals).toEqual([
      expect.objectContaining({ asset: tusd.assetId, confirmed: '14.5', confirming: '0', count: 3 }),
    ])
    // Found by its plan's name and subscription id; left out of a status it cannot have.
    expect((await get('/api/payments?q=monthly')).json<PaymentList>().payments.map((p) => p.id)).toEqual([renewal.id])
    expect(
      (await get(`/api/payments?q=${renewal.subscriptionId}`)).json<PaymentList>().payments.map((p) => p.id),
    ).toEqual([renewal.id])
    expect((await get('/api/payments?status=confirming')).json<PaymentList>().matched).toBe(0)

    const [header, ...records] = (await get('/api/payments.csv')).body
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','))
    const column = (record: string[], name: (typeof paymentsCsvColumns)[number]) => record[header!.indexOf(name)]
    expect(records.map((record) => column(record, 'payment_id'))).toEqual([
      linkPayments[0],
      renewal.id,
      linkPayments[1],
    ])
    const row = records[1]!
    expect(row).toHaveLength(paymentsCsvColumns.length)
    expect(
      ['link_id', 'link_title', 'asset', 'amount', 'payer', 'transaction', 'status', 'subscription_id', 'plan_id'].map(
        (name) => column(row, name as (typeof paymentsCsvColumns)[number]),
      ),
    ).toEqual([
      '',
      'Monthly beans',
      tusd.assetId,
      '12.5',
      renewalPayer,
      txHashOf(0xbeef),
      'confirmed',
      renewal.subscriptionId,
      renewal.planId,
    ])

    const feed: EventFeed = (await get('/api/events?type=subscription.renewed')).json()
    expect(feed.events.map((event) => event.data.subscription?.id)).toEqual([renewal.subscriptionId])
  })
})
