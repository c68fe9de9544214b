import type { PaymentList } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { quoteLink } from '../links/quoteLink.js'
import { bearer, createLinkOk, insertPaymentRow, merchantApiKey, readLink } from '../testing/merchantApi.js'
import { offlineAssets, tableRates, useOfflineApps } from '../testing/offlineApp.js'

// Test USD pegged to the dollar, as the demo configures it; ETH from a table the test changes.
const assets = offlineAssets.map((asset) => (asset.symbol === 'TUSD' ? { ...asset, peggedTo: 'USD' as const } : asset))
const [eth, tusd] = [assets[0]!, assets[1]!]
const table = new Map<string, string>([
  ['ETH:USD', '3000'],
  ['ETH:EUR', '2750'],
])
const rates = tableRates(table)
const context = useOfflineApps({ assets, quotes: { rates, ttlSeconds: 900 } })
let app: FastifyInstance
let key: string
let txCounter = 0

/** A link through the API, opened once (its quotes made), and payments as rows (the tracker writes these in the app). */
async function linkWithPayments(
  body: Record<string, unknown>,
  rows: Array<{ symbol: 'ETH' | 'TUSD'; amount: bigint; status: string; at?: Date }>,
  requoteAt?: { at: Date; rate: string },
) {
  const created = await createLinkOk(app, key, body)
  const view = (await readLink(app, created.id)) as {
    id: string
    options: Array<{ id: string; symbol: string; rate: string | null }>
  }
  if (requoteAt) {
    table.set('ETH:USD', requoteAt.rate)
    await quoteLink(context.database.db, { linkId: view.id, assets, rates, ttlSeconds: 900, now: requoteAt.at })
    table.set('ETH:USD', '3000')
  }
  for (const row of rows) {
    const option = view.options.find((o) => o.symbol === row.symbol)!
    const at = row.at ?? new Date(Date.now() + 1000)
    await insertPaymentRow(
      context.database,
      { ...option, linkId: view.id, caipNetworkId: eth.caipNetworkId },
      {
        txHash: `0x${(++txCounter).toString(16).padStart(64, '0')}`,
        status: row.status,
        amount: row.amount.toString(),
        confirmations: row.status === 'confirmed' ? 1 : 0,
        createdAt: at,
        minedAt: at,
      },
    )
  }
  return view
}

const listOk = async (query = ''): Promise<PaymentList> => {
  const response = await app.inject({ method: 'GET', url: `/api/payments${query}`, headers: bearer(key) })
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200)
  return response.json() as PaymentList
}

beforeAll(async () => {
  app = await context.app()
  key = await merchantApiKey(context.database, 'fiat', '0x90F79bf6EB2c4f870365E785982E1f101E93b906')
  const usd = {
    price: { currency: 'USD', amount: '12.00' },
    options: [{ asset: eth.assetId }, { asset: tusd.assetId }],
  }
  // $12 at $3000: 0.004 ETH is $12.00; 0.001000000000000001 ETH is $3.000000000000003, shown (and added) as $3.00.
  await linkWithPayments({ title: 'Mug', ...usd }, [
    { symbol: 'ETH', amount: 4_000_000_000_000_000n, status: 'confirmed' },
    { symbol: 'ETH', amount: 1_000_000_000_000_001n, status: 'confirmed' },
    { symbol: 'TUSD', amount: 5_500_000n, status: 'confirming' },
    { symbol: 'TUSD', amount: 9_000_000n, status: 'failed' },
  ])
  // Requoted at $2400 an hour on: a payment made after that is worth 0.005 x 2400 = $12.00 (at $3000 it would be $15.00).
  const later = new Date(Date.now() + 3_600_000)
  await linkWithPayments(
    { title: 'Teapot', ...usd },
    [{ symbol: 'ETH', amount: 5_000_000_000_000_000n, status: 'confirmed', at: new Date(later.getTime() + 1000) }],
    {
      at: later,
      rate: '2400',
    },
  )
  // €5.50 at €2750 per ETH; a payment seen before any quote existed has no worth and is left out.
  await linkWithPayments(
    { title: 'Cup', price: { currency: 'EUR', amount: '5.50' }, options: [{ asset: eth.assetId }] },
    [
      { symbol: 'ETH', amount: 2_000_000_000_000_000n, status: 'confirmed' },
      { symbol: 'ETH', amount: 2_000_000_000_000_000n, status: 'confirmed', at: new Date(Date.now() - 3_600_000) },
    ],
  )
  // A fixed-amount link has no fiat worth.
  await linkWithPayments({ title: 'Fixed spoon', options: [{ asset: eth.assetId, amount: '1' }] }, [
    { symbol: 'ETH', amount: 10n ** 18n, status: 'confirmed' },
  ])
}, 60_000)

describe('GET /api/payments fiat totals', () => {
  it('adds each payment of a fiat-priced link at its own quote, per currency, rounded down per payment as shown; fixed links and unquoted payments left out', async () => {
    const list = await listOk()
    expect(list.fiatTotals).toEqual([
      { currency: 'EUR', confirmed: '5.50', confirming: '0.00', count: 1 },
      { currency: 'USD', confirmed: '27.00', confirming: '5.50', count: 4 },
    ])
    // The per-asset totals still cover every payment, the fixed link's and the unquoted one included.
    expect(list.totals.find((t) => t.symbol === 'ETH')).toMatchObject({ confirmed: '1.014000000000000001', count: 6 })
  })

  it('follows the filters: status, search by title', async () => {
    expect((await listOk('?status=confirming')).fiatTotals).toEqual([
      { currency: 'USD', confirmed: '0.00', confirming: '5.50', count: 1 },
    ])
    expect((await listOk('?q=teapot')).fiatTotals).toEqual([
      { currency: 'USD', confirmed: '12.00', confirming: '0.00', count: 1 },
    ])
    expect((await listOk('?q=spoon')).fiatTotals).toEqual([])
    expect((await listOk('?status=failed')).fiatTotals).toEqual([])
  })
})
