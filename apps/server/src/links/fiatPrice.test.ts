import { parseRate } from '@paylink/shared'
import { HDKey } from '@scure/bip32'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { linkQuotes, links, payments } from '../db/schema.js'
import { defaultDevnetRates } from '../config.js'
import { createDevnetRates, createMarketRates } from '../rates/rateProvider.js'
import { bitstamp } from '../rates/sources/bitstamp.js'
import { coinbase } from '../rates/sources/coinbase.js'
import { createLinkOk, postLink, readLink, useMerchantApp } from '../testing/merchantApi.js'
import {
  offlineAppConfig,
  offlineAssets,
  offlineRegtestNetwork,
  offlineSolanaAssets,
  regtestBtc,
  tableRates,
} from '../testing/offlineApp.js'
import { quoteLink } from './quoteLink.js'
import { refreshLink } from './refreshLink.js'

// The offline assets with Test USD pegged 1:1 to the dollar, as the demo configures it.
const assets = offlineAssets.map((asset) => (asset.symbol === 'TUSD' ? { ...asset, peggedTo: 'USD' as const } : asset))
const [eth, tusd] = [assets[0]!, assets[1]!]

/** A rate table the test changes between quotes. */
const table = new Map<string, string>([['ETH:USD', '3000']])
const rates = tableRates(table)

const merchant = useMerchantApp({ assets, quotes: { rates, ttlSeconds: 900 } }, 'k')
const context = merchant.context

const create = (payload: Record<string, unknown>) => postLink(merchant.app, merchant.key, payload)
const fiatLink = (extra: Record<string, unknown> = {}) =>
  createLinkOk(merchant.app, merchant.key, {
    title: 'Mug',
    price: { currency: 'USD', amount: '12' },
    options: [{ asset: eth.assetId }, { asset: tusd.assetId }],
    ...extra,
  })
const read = (id: string) => readLink(merchant.app, id)

describe('fiat-priced links', () => {
  it('refuse a price with amounts, amounts missing without one, too many decimals, unknown currencies, tolerance out of range; write nothing', async () => {
    const [{ n: before }] = (await context.database.db.select({ n: count() }).from(links)) as [{ n: number }]
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        { price: { currency: 'USD', amount: '12' }, options: [{ asset: eth.assetId, amount: '1' }] },
        /^body\.options\[0\]\.amount: must be left out/,
      ],
      [{ options: [{ asset: eth.assetId }] }, /^body\.options\[0\]\.amount: is required/],
      [
        { price: { currency: 'USD', amount: '12.001' }, options: [{ asset: eth.assetId }] },
        /^body\.price\.amount: USD has 2 decimal places/,
      ],
      [
        { price: { currency: 'JPY', amount: '1500.5' }, options: [{ asset: eth.assetId }] },
        /^body\.price\.amount: JPY has 0 decimal places/,
      ],
      [{ price: { currency: 'XAU', amount: '1' }, options: [{ asset: eth.assetId }] }, /^body\.price\.currency/],
      [
        { price: { currency: 'USD', amount: '0' }, options: [{ asset: eth.assetId }] },
        /^body\.price\.amount: must be more than 0/,
      ],
      [
        { options: [{ asset: eth.assetId, amount: '1' }], underpaymentTolerancePercent: '10.5' },
        /^body\.underpaymentTolerancePercent/,
      ],
      [
        { options: [{ asset: eth.assetId, amount: '1' }], underpaymentTolerancePercent: 1 },
        /^body\.underpaymentTolerancePercent/,
      ],
      [
        { options: [{ asset: eth.assetId, amount: '1' }], latePaymentGraceSeconds: -1 },
        /^body\.latePaymentGraceSeconds/,
      ],
    ]
    for (const [body, message] of cases) {
      const response = await create({ title: 'x', ...body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().error.message, JSON.stringify(body)).toMatch(message)
    }
    const [{ n: after }] = (await context.database.db.select({ n: count() }).from(links)) as [{ n: number }]
    expect(after).toBe(before)
  })

  it('quotes each option when the checkout is opened: the amount rounded up, rate, source, expiry; a pegged stablecoin at 1:1', async () => {
    const link = await fiatLink()
    const before = Date.now()
    const view = await read(link.id)
    expect(view.price).toEqual({ currency: 'USD', amount: '12.00' })
    const [ethOption, tusdOption] = view.options
    expect(ethOption).toMatchObject({
      amount: '0.004',
      rate: '3000',
      rateSource: 'test table',
      quoteProblem: null,
      due: '0.004',
    })
    expect(ethOption.paymentUri).toBeNull() // the offline network has no deposit factory; the quote exists regardless
    const expires = new Date(ethOption.quoteExpiresAt).getTime()
    expect(expires).toBeGreaterThanOrEqual(before + 900_000 - 1000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 900_000)
    expect(tusdOption).toMatchObject({ amount: '12', rate: '1', rateSource: 'pegged 1:1 to USD' })
    // The quote holds: another read makes none and the version stays.
    const again = await read(link.id)
    expect(again.version).toBe(view.version)
    expect(again.options[0].quoteExpiresAt).toBe(ethOption.quoteExpiresAt)
    // An amount that does not divide evenly is rounded up to the asset's last decimal: $12 at $7 = 1.714285714285714285 + 1 wei.
    table.set('ETH:USD', '7')
    const odd = await read((await fiatLink()).id)
    expect(odd.options[0].amount).toBe('1.714285714285714286')
    table.set('ETH:USD', '3000')
  })

  it('makes a new quote once the window passes unpaid, and bumps the version so readers and streams see it', async () => {
    const link = await fiatLink()
    const first = await read(link.id)
    const now = new Date(new Date(first.options[0].quoteExpiresAt).getTime() + 1000)
    table.set('ETH:USD', '2400')
    expect(
      await quoteLink(context.database.db, {
        linkId: link.id,
        assets,
        rates,
        ttlSeconds: 900,
        now: new Date(now.getTime() - 2000),
      }),
    ).toBe(false)
    expect(await quoteLink(context.database.db, { linkId: link.id, assets, rates, ttlSeconds: 900, now })).toBe(true)
    table.set('ETH:USD', '3000')
    const second = await read(link.id)
    expect(second.version).toBe(first.version + 1)
    expect(second.options[0]).toMatchObject({
      amount: '0.005',
      rate: '2400',
      quoteExpiresAt: new Date(now.getTime() + 900_000).toISOString(),
    })
  })

  it('judges a payment against its quote even when it confirms after the window, under a newer quote', async () => {
    const link = await fiatLink()
    const first = await read(link.id)
    const db = context.database.db
    // The payer sent the quoted 0.004 ETH inside the window; it confirms an hour later, after a requote at $2400.
    const sentAt = new Date(Date.now() + 1000)
    await db.insert(payments).values({
      id: 'pay_underquote1',
      linkId: link.id,
      caipNetworkId: eth.caipNetworkId,
      txHash: `0x${'ab'.repeat(32)}`,
      status: 'confirming',
      optionId: first.options[0].id,
      amount: '4000000000000000',
      requiredConfirmations: 1,
      createdAt: sentAt,
      minedAt: sentAt,
    })
    const later = new Date(Date.now() + 3_600_000)
    table.set('ETH:USD', '2400')
    await quoteLink(db, { linkId: link.id, assets, rates, ttlSeconds: 900, now: later })
    table.set('ETH:USD', '3000')
    await db.update(payments).set({ status: 'confirmed', confirmations: 1 }).where(eq(payments.id, 'pay_underquote1'))
    const refreshed = await db.transaction((tx) => refreshLink(tx, link.id, later))
    expect(refreshed!.view.status).toBe('paid')
    expect(refreshed!.view.payments[0]).toMatchObject({
      counted: true,
      quote: { currency: 'USD', rate: '3000', fiatValue: '12.00' },
    })
    expect(refreshed!.view.options[0]).toMatchObject({ rate: '2400', amount: '0.005' })
    expect(refreshed!.view.fiat).toEqual({ paid: '12.00', due: '0.00', shortfall: '0.00', overpaid: '0.00' })
    // A paid link gets no new quote.
    expect(
      await quoteLink(db, {
        linkId: link.id,
        assets,
        rates,
        ttlSeconds: 900,
        now: new Date(later.getTime() + 3_600_000),
      }),
    ).toBe(false)
  })

  it('with fewer than two rate sources answering makes no quote and says so plainly; asks again after 30 s', async () => {
    // One source answers (coinbase), the other fails: a real market provider over a stand-in network.
    const market = createMarketRates({
      sources: [coinbase, bitstamp],
      fetchText: async (url) =>
        url.includes('coinbase')
          ? { ok: true, status: 200, text: async () => '{"data":{"amount":"2750","currency":"EUR","base":"ETH"}}' }
          : { ok: false, status: 503, text: async () => '' },
      log: () => {},
    })
    const lonely = await context.app({ quotes: { rates: market, ttlSeconds: 900 } })
    const created = await postLink(lonely, merchant.key, {
      title: 'Mug',
      price: { currency: 'EUR', amount: '12' },
      options: [{ asset: eth.assetId }, { asset: tusd.assetId }],
    })
    const view = await readLink(lonely, created.json().id)
    expect(view.options[0]).toMatchObject({ amount: null, rate: null, due: null, paymentUri: null })
    expect(view.options[0].quoteProblem).toBe(
      'No ETH price in EUR right now: only one rate source answered; at least two are needed.',
    )
    // Test USD is pegged to the dollar: no EUR price either, and it says why.
    expect(view.options[1].quoteProblem).toMatch(/pegged to USD; there is no USD-EUR rate/)
    const rows = await context.database.db.select().from(linkQuotes).where(eq(linkQuotes.linkId, created.json().id))
    expect(rows.every((row) => row.rate === null && row.expiresAt.getTime() - row.createdAt.getTime() === 30_000)).toBe(
      true,
    )
  })

  it('keeps tolerance and late grace on the link and shows them', async () => {
    const link = await fiatLink({ underpaymentTolerancePercent: '1', latePaymentGraceSeconds: 600 })
    const view = await read(link.id)
    expect(view).toMatchObject({
      underpaymentTolerancePercent: '1',
      latePaymentGraceSeconds: 600,
      fiat: { paid: '0.00', due: '12.00' },
    })
    const fixed = (await create({ title: 'x', options: [{ asset: eth.assetId, amount: '1' }] })).json()
    expect(fixed).toMatchObject({
      price: null,
      fiat: null,
      underpaymentTolerancePercent: '0',
      latePaymentGraceSeconds: 0,
    })
    expect(fixed.options[0]).toMatchObject({ amount: '1', rate: null, quoteExpiresAt: null, due: '1', shortfall: '0' })
  })
})

describe('fiat-priced links with SOL and BTC options (the devnet rate table)', () => {
  const sol = offlineSolanaAssets[0]!
  // The demo's table as startServer parses it: SOL $150, BTC $60,000.
  const devnetRates = createDevnetRates(
    Object.fromEntries(
      Object.entries(defaultDevnetRates).map(([base, row]) => [
        base,
        Object.fromEntries(Object.entries(row).map(([c, rate]) => [c, parseRate(rate)])),
      ]),
    ),
  )
  // A test-network account key (tpub) of a throwaway seed: the BTC option's address is derived from it.
  const tpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(7), { private: 0x04358394, public: 0x043587cf }).derive(
    "m/84'/1'/0'",
  ).publicExtendedKey
  const solRecipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

  it("quotes SOL and BTC from the table, rounded up to each asset's last decimal, and the Solana Pay and BIP21 URIs ask for the quoted amount", async () => {
    const base = offlineAppConfig(context.database)
    const server = await context.app({
      networks: [...base.networks, offlineRegtestNetwork],
      assets: [...assets, sol, regtestBtc],
      quotes: { rates: devnetRates, ttlSeconds: 900 },
    })
    // $10.00 divides evenly by neither rate: 10/150 = 0.0666… SOL, 10/60000 = 0.000166… BTC.
    const created = await createLinkOk(server, merchant.key, {
      title: 'Tea',
      price: { currency: 'USD', amount: '10.00' },
      options: [
        { asset: sol.assetId, recipient: solRecipient },
        { asset: regtestBtc.assetId, recipient: tpub },
      ],
    })
    const view = await readLink(server, created.id)
    const [solOption, btcOption] = view.options
    expect(solOption, 'SOL option').toMatchObject({
      symbol: 'SOL',
      amount: '0.066666667',
      rate: '150',
      rateSource: 'devnet fixed table (not a market price)',
      due: '0.066666667',
    })
    expect(btcOption, 'BTC option').toMatchObject({
      symbol: 'BTC',
      amount: '0.00016667',
      rate: '60000',
      rateSource: 'devnet fixed table (not a market price)',
      due: '0.00016667',
    })

    const solanaPay = new URL(solOption.paymentUri)
    expect(`${solanaPay.protocol}${solanaPay.pathname}`, 'Solana Pay recipient').toBe(`solana:${solRecipient}`)
    expect(solanaPay.searchParams.get('amount'), 'Solana Pay amount').toBe('0.066666667')
    expect(solanaPay.searchParams.get('reference'), 'Solana Pay reference').toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(solanaPay.searchParams.get('spl-token'), 'no spl-token for SOL').toBeNull()

    expect(btcOption.depositAddress, 'BTC deposit address derived from the key').toMatch(/^bcrt1q/)
    expect(btcOption.paymentUri, 'BIP21').toBe(`bitcoin:${btcOption.depositAddress}?amount=0.00016667&label=Tea`)
  })
})

describe('the OpenAPI document', () => {
  it('lists the fiat price, tolerance, grace and quote fields', async () => {
    const text = (await merchant.app.inject({ method: 'GET', url: '/api/openapi.json' })).body
    const document = JSON.parse(text) as { paths: Record<string, Record<string, unknown>> }
    const create = JSON.stringify(document.paths['/api/links']!.post)
    for (const field of ['"price"', '"underpaymentTolerancePercent"', '"latePaymentGraceSeconds"', '"JPY"'])
      expect(create, field).toContain(field)
    const read = JSON.stringify(document.paths['/api/links/{id}']!.get)
    for (const field of [
      '"rate"',
      '"rateSource"',
      '"quoteExpiresAt"',
      '"quoteProblem"',
      '"due"',
      '"shortfall"',
      '"counted"',
      '"fiatValue"',
      '"fiat"',
    ])
      expect(read, field).toContain(field)
  })
})
