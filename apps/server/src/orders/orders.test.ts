import { nativeAssetId, parseUnits, type Link, type OrderList, type WebhookEvent } from '@paylink/shared'
import { Keypair } from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantAccountKey } from '../testing/bitcoinRegtest.js'
import { eventually, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { fundSolanaPayer } from '../testing/solanaPayer.js'

// Reusable links on every chain family (#30): one devnet (anvil, the Solana devnet, Bitcoin
// regtest) and one app with its tracker running for the whole file.
let h: Harness
let app: FastifyInstance
let sol: string
let btc: string
const solanaMerchant = Keypair.generate().publicKey.toBase58()
const bitcoinKey = merchantAccountKey().publicExtendedKey

beforeAll(async () => {
  h = await startHarness(undefined, { allChains: true })
  app = await h.app()
  sol = nativeAssetId(h.devnet.solana!.caipNetworkId)
  btc = nativeAssetId(h.devnet.bitcoin!.caipNetworkId)
  app.paymentLinks.start()
}, 120_000)
afterAll(() => h?.close())

const asMerchant = () => ({ authorization: `Bearer ${h.apiKey}` })

function reusableLink(extra: Record<string, unknown> = {}) {
  return h.createLink(app, {
    title: 'T-shirt',
    reusable: true,
    options: [
      { asset: h.assets.eth, amount: '0.01' },
      { asset: sol, amount: '0.05', recipient: solanaMerchant },
      { asset: btc, amount: '0.001', recipient: bitcoinKey },
    ],
    ...extra,
  })
}

async function order(linkId: string, body: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/links/${linkId}/orders`, payload: body })
}

async function newOrder(linkId: string, body: Record<string, unknown> = {}): Promise<Link> {
  const response = await order(linkId, body)
  if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`)
  return response.json()
}

async function ordersOf(linkId: string): Promise<OrderList> {
  const response = await app.inject({ method: 'GET', url: `/api/links/${linkId}/orders`, headers: asMerchant() })
  expect(response.statusCode).toBe(200)
  return response.json()
}

const optionOn = (link: Link, asset: string) => link.options.find((option) => option.asset === asset)!

describe('reusable links and their orders', () => {
  it('pays three orders of one link at once on EVM (deposit address), Solana (reference) and Bitcoin (address), each credited to its own order only, with the quantity multiplying the amounts', async () => {
    const link = await reusableLink({
      quantity: { min: 1, max: 3 },
      fields: [{ name: 'email', required: true }, { name: 'name' }],
    })
    expect(link.reusable).toEqual({
      maxOrders: null,
      ordersLeft: null,
      quantity: { min: 1, max: 3 },
      fields: [{ name: 'email', required: true }, { name: 'name' }],
      donation: null,
    })
    // The link itself is never paid: nothing to scan, nothing watched, and a submitted payment is refused.
    expect(link.options.map((option) => [option.depositAddress, option.paymentUri])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ])
    const toLink = await app.inject({
      method: 'POST',
      url: `/api/links/${link.id}/payments`,
      payload: { caipNetworkId: 'eip155:31337', txHash: `0x${'1'.repeat(64)}` },
    })
    expect([toLink.statusCode, toLink.json().error.code]).toEqual([409, 'REUSABLE_LINK'])

    const [evm, solana, bitcoin] = await Promise.all([
      newOrder(link.id, { quantity: 1, payer: { email: 'ann@example.com', name: 'Ann' } }),
      newOrder(link.id, { quantity: 2, payer: { email: 'bob@example.com' } }),
      newOrder(link.id, { quantity: 3, payer: { email: 'cy@example.com' } }),
    ])
    for (const [made, quantity, amounts] of [
      [evm, 1, ['0.01', '0.05', '0.001']],
      [solana, 2, ['0.02', '0.1', '0.002']],
      [bitcoin, 3, ['0.03', '0.15', '0.003']],
    ] as const) {
      expect(made.order).toEqual({ linkId: link.id, quantity })
      expect(made.options.map((option) => option.amount)).toEqual(amounts)
    }
    // Each order has receiving details of its own on every chain.
    const receiving = [evm, solana, bitcoin].flatMap((made) =>
      made.options.map((option) => option.depositAddress ?? option.paymentUri),
    )
    expect(new Set(receiving).size).toBe(9)

    const payer = await fundSolanaPayer(h.devnet.solana!, [solanaMerchant])
    await Promise.all([
      h.payEth({ to: optionOn(evm, h.assets.eth).depositAddress as Address, amount: '0.01' }),
      payer.pay(optionOn(solana, sol).paymentUri!),
      (async () => {
        await h.devnet.bitcoin!.faucet(optionOn(bitcoin, btc).depositAddress!, parseUnits('0.003', 8))
        await h.devnet.bitcoin!.mine(1)
      })(),
    ])
    const paid = await eventually(
      async () => {
        const views = await Promise.all([evm, solana, bitcoin].map((made) => h.getLink(app, made.id)))
        expect(views.map((view) => view.status)).toEqual(['paid', 'paid', 'paid'])
        return views
      },
      60_000,
      200,
    )
    const credited = paid.map((view) => view.payments.map((payment) => [payment.asset, payment.amount]))
    expect(credited).toEqual([[[h.assets.eth, '0.01']], [[sol, '0.1']], [[btc, '0.003']]])
    expect((await h.getLink(app, link.id)).status).toBe('open')

    const { orders, totals } = await ordersOf(link.id)
    expect(orders.map((o) => [o.id, o.payer])).toEqual(
      expect.arrayContaining([
        [evm.id, { email: 'ann@example.com', name: 'Ann' }],
        [solana.id, { email: 'bob@example.com' }],
        [bitcoin.id, { email: 'cy@example.com' }],
      ]),
    )
    expect(totals).toMatchObject({ orders: 3, paid: 3, open: 0 })
    expect(totals.received).toEqual(
      expect.arrayContaining([
        { asset: h.assets.eth, symbol: 'ETH', amount: '0.01' },
        { asset: sol, symbol: 'SOL', amount: '0.1' },
        { asset: btc, symbol: 'BTC', amount: '0.003' },
      ]),
    )

    // The CSV names each order's link, quantity and payer (fields kept simple here: no quoting to undo).
    const csv = await app.inject({ method: 'GET', url: '/api/payments.csv', headers: asMerchant() })
    const [header, ...lines] = csv.body.split('\r\n')
    const orderColumns = ['order_of', 'quantity', 'payer_name', 'payer_email', 'shipping_address', 'payer_note']
    const at = orderColumns.map((name) => header!.split(',').indexOf(name))
    const orderCells = (paymentId: string) => {
      const cells = lines.find((line) => line.startsWith(`${paymentId},`))!.split(',')
      return at.map((index) => cells[index])
    }
    expect(orderCells(paid[0]!.payments[0]!.id)).toEqual([link.id, '1', 'Ann', 'ann@example.com', '', ''])
    expect(orderCells(paid[2]!.payments[0]!.id)).toEqual([link.id, '3', '', 'cy@example.com', '', ''])

    // order.paid, once per order, carrying the order, its link and what the payer filled in.
    const response = await app.inject({ method: 'GET', url: '/api/events?limit=500', headers: asMerchant() })
    const events = (response.json() as { events: WebhookEvent[] }).events.filter((e) => e.type === 'order.paid')
    expect(events.map((event) => event.data.order).filter((o) => o?.linkId === link.id)).toEqual(
      expect.arrayContaining([
        { id: evm.id, linkId: link.id, quantity: 1, payer: { email: 'ann@example.com', name: 'Ann' } },
        { id: solana.id, linkId: link.id, quantity: 2, payer: { email: 'bob@example.com' } },
        { id: bitcoin.id, linkId: link.id, quantity: 3, payer: { email: 'cy@example.com' } },
      ]),
    )
    expect(events.filter((event) => event.data.order?.linkId === link.id)).toHaveLength(3)
  }, 90_000)

  it('refuses the order beyond maxOrders (409 SOLD_OUT), a quantity out of range, a bad e-mail and a field not asked for (400, nothing stored); a deactivated link refuses new orders, its open ones stay payable; donations below the minimum are refused', async () => {
    const link = await reusableLink({ maxOrders: 2, fields: [{ name: 'email' }] })
    const bad = await Promise.all([
      order(link.id, { payer: { email: 'not-an-address' } }),
      order(link.id, { payer: { note: 'hello' } }),
      order(link.id, { quantity: 2 }),
    ])
    expect(bad.map((response) => response.statusCode)).toEqual([400, 400, 400])
    expect(bad[0]!.json().error.message).toMatch(/payer\.email/)
    expect((await ordersOf(link.id)).orders).toEqual([])

    const first = await newOrder(link.id, { payer: { email: 'ann@example.com' } })
    await newOrder(link.id)
    const third = await order(link.id)
    expect([third.statusCode, third.json().error.code]).toEqual([409, 'SOLD_OUT'])
    expect((await h.getLink(app, link.id)).reusable).toMatchObject({ maxOrders: 2, ordersLeft: 0 })
    expect((await ordersOf(link.id)).totals).toMatchObject({ orders: 2, open: 2 })

    const other = await reusableLink()
    const open = await newOrder(other.id)
    const off = await app.inject({ method: 'POST', url: `/api/links/${other.id}/deactivate`, headers: asMerchant() })
    expect(off.statusCode).toBe(200)
    const refused = await order(other.id)
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'LINK_INACTIVE'])
    await h.payEth({ to: optionOn(open, h.assets.eth).depositAddress as Address, amount: '0.01' })
    await eventually(async () => expect((await h.getLink(app, open.id)).status).toBe('paid'), 30_000, 100)
    expect((await h.getLink(app, first.id)).status).toBe('open')

    // Donations: the payer types the amount, in the asset of the one option or in the link's currency (then quoted).
    const tip = await h.createLink(app, {
      title: 'Tip jar',
      reusable: true,
      amount: 'payer',
      donation: { minimum: '0.001', suggested: ['0.01', '0.05'] },
      options: [{ asset: h.assets.eth }],
    })
    expect(tip.reusable?.donation).toEqual({ minimum: '0.001', suggested: ['0.01', '0.05'] })
    const tooLittle = await order(tip.id, { amount: '0.0005' })
    expect([tooLittle.statusCode, tooLittle.json().error.message]).toEqual([
      400,
      'body.amount: must be at least 0.001 ETH',
    ])
    expect((await order(tip.id)).statusCode).toBe(400)
    expect((await newOrder(tip.id, { amount: '0.0123' })).options[0]!.amount).toBe('0.0123')
    const fund = await h.createLink(app, {
      title: 'Fund',
      reusable: true,
      amount: 'payer',
      donation: { currency: 'USD', minimum: '5' },
      options: [{ asset: h.assets.eth }, { asset: sol, recipient: solanaMerchant }],
    })
    expect((await order(fund.id, { amount: '4.99' })).statusCode).toBe(400)
    expect((await order(fund.id, { amount: '5.001' })).statusCode).toBe(400)
    expect((await newOrder(fund.id, { amount: '12.5' })).price).toEqual({ currency: 'USD', amount: '12.50' })
    // A priced link takes no amount from the payer.
    const priced = await order((await reusableLink()).id, { amount: '1' })
    expect([priced.statusCode, priced.json().error.message]).toEqual([
      400,
      'body.amount: this link has its price; only a donation link takes an amount',
    ])

    // Not a reusable link, or none at all: 404.
    const single = await h.createLink(app, { title: 'One', options: [{ asset: h.assets.eth, amount: '1' }] })
    expect((await order(single.id)).statusCode).toBe(404)
  }, 60_000)
})
