import { eq } from 'drizzle-orm'
import type { Address, Hash } from 'viem'
import { toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { refunds, webhookDeliveries } from '../db/schema.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { useHarnessSuite } from '../testing/paymentLinksHarness.js'

// Refunds against the devnet's anvil: the merchant (account 1) is paid by account 2 and sends
// money back from its own wallet; the server records a refund only after reading it on chain.
// More time to start than the default: two anvils, a token deployment and the migrations take
// over 30 s on a loaded 2-core machine.
const suite = useHarnessSuite({ timeoutMs: 180_000 })
const hook = 'http://127.0.0.1:9/hook'

async function paidTusd(amount: string, price = '10') {
  const { h, app } = suite
  const merchant = h.devnet.accounts[1]!
  const link = await h.createLink(app, {
    title: 'Book',
    options: [{ asset: h.assets.tusd, amount: price }],
    webhookUrl: hook,
  })
  const payment = await h.submit(app, link.id, await h.payTusd({ to: merchant, amount }))
  expect(payment.status, 'the payment to refund is confirmed').toBe('confirmed')
  return { link, payment, merchant, payer: h.devnet.accounts[2]! }
}

function postRefund(paymentId: string, payload: Record<string, unknown>, apiKey = suite.h.apiKey) {
  return suite.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refunds`,
    headers: { authorization: `Bearer ${apiKey}` },
    payload,
  })
}

async function refundRows(paymentId: string) {
  return suite.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))
}

describe('POST /api/payments/:id/refunds', () => {
  it('records a refund of the excess sent by the merchant to the payer, shows it on the payment and the link, and queues payment.refunded', async () => {
    const { h, app } = suite
    const { link, payment, merchant, payer } = await paidTusd('12.5')
    const txHash = await h.payTusd({ from: merchant, to: payer, amount: '2.5' })
    const response = await postRefund(payment.id, { txHash })
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body.refund).toMatchObject({
      paymentId: payment.id,
      txHash,
      amount: '2.5',
      asset: h.assets.tusd,
      sender: merchant.toLowerCase(),
      recipient: payer.toLowerCase(),
    })
    expect(body.payment).toMatchObject({ id: payment.id, refunded: '2.5' })

    const view = await h.getLink(app, link.id)
    expect(
      view.payments[0]!.refunds.map((r) => r.amount),
      'the public link view (the receipt) lists the refund',
    ).toEqual(['2.5'])

    const read = await app.inject({
      method: 'GET',
      url: `/api/payments/${payment.id}`,
      headers: { authorization: `Bearer ${h.apiKey}` },
    })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ id: payment.id, linkTitle: 'Book', symbol: 'TUSD', refunded: '2.5' })

    const deliveries = await suite.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.linkId, link.id))
    const refunded = deliveries.filter((d) => d.type === 'payment.refunded')
    expect(refunded, 'one payment.refunded event').toHaveLength(1)
    expect(JSON.parse(refunded[0]!.body).data.payment).toMatchObject({ id: payment.id, refunded: '2.5' })

    const again = await postRefund(payment.id, { txHash })
    expect(again.statusCode, 'the same transaction again is the same refund').toBe(200)
    expect(await refundRows(payment.id)).toHaveLength(1)

    const list = await app.inject({
      method: 'GET',
      url: '/api/payments',
      headers: { authorization: `Bearer ${h.apiKey}` },
    })
    expect(list.json().payments.find((p: { id: string }) => p.id === payment.id)).toMatchObject({ refunded: '2.5' })
  })

  // Each transfer moves money back, but is not a refund of this payment: refused, nothing recorded.
  it.each<[string, string, (parties: { merchant: Address; payer: Address }) => Promise<Hash>]>([
    [
      'a transfer to the payer from another address than the payment recipient',
      'REFUND_WRONG_SENDER',
      ({ payer }) => suite.h.payTusd({ from: suite.h.devnet.accounts[5]!, to: payer, amount: '1' }),
    ],
    [
      'a transfer from the merchant to someone else than the payer',
      'REFUND_WRONG_RECIPIENT',
      ({ merchant }) => suite.h.payTusd({ from: merchant, to: suite.h.devnet.accounts[6]!, amount: '1' }),
    ],
    [
      'ETH sent back for a Test USD payment',
      'REFUND_WRONG_ASSET',
      ({ merchant, payer }) => suite.h.payEth({ from: merchant, to: payer, amount: '0.001' }),
    ],
  ])('refuses %s (%s)', async (_transfer, code, send) => {
    const { payment, merchant, payer } = await paidTusd('10')
    const response = await postRefund(payment.id, { txHash: await send({ merchant, payer }) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe(code)
    expect(await refundRows(payment.id)).toHaveLength(0)
  })

  it('refuses refunds that would come to more than was paid (REFUND_ABOVE_PAID), after a first one within it', async () => {
    const { h } = suite
    const { payment, merchant, payer } = await paidTusd('10')
    expect(
      (await postRefund(payment.id, { txHash: await h.payTusd({ from: merchant, to: payer, amount: '6' }) }))
        .statusCode,
    ).toBe(201)
    const over = await postRefund(payment.id, {
      txHash: await h.payTusd({ from: merchant, to: payer, amount: '4.000001' }),
    })
    expect(over.statusCode).toBe(409)
    expect(over.json().error.code).toBe('REFUND_ABOVE_PAID')
    expect((await refundRows(payment.id)).map((r) => r.amount)).toEqual(['6000000'])
  })

  it('refuses a transaction the node does not know (REFUND_TX_NOT_FOUND)', async () => {
    const { payment } = await paidTusd('10')
    const response = await postRefund(payment.id, { txHash: toHex(0xabcdefn, { size: 32 }) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('REFUND_TX_NOT_FOUND')
  })

  it('answers 409 REFUND_NOT_MINED for a transaction still in the mempool, and records it once mined', async () => {
    const { h } = suite
    const { payment, merchant, payer } = await paidTusd('10.5')
    await h.rpc(31337, 'evm_setAutomine', [false])
    let txHash: Hash
    try {
      txHash = (await h.rpc(31337, 'eth_sendTransaction', [
        {
          from: merchant,
          to: h.devnet.token.address,
          // transfer(payer, 0.5 TUSD)
          data: `0xa9059cbb${payer.slice(2).toLowerCase().padStart(64, '0')}${500_000n.toString(16).padStart(64, '0')}`,
        },
      ])) as Hash
      const waiting = await postRefund(payment.id, { txHash })
      expect(waiting.statusCode).toBe(409)
      expect(waiting.json().error.code).toBe('REFUND_NOT_MINED')
      expect(await refundRows(payment.id)).toHaveLength(0)
    } finally {
      await h.rpc(31337, 'evm_setAutomine', [true])
    }
    await h.mine(1)
    const mined = await postRefund(payment.id, { txHash })
    expect(mined.statusCode, mined.body).toBe(201)
    expect(mined.json().refund.amount).toBe('0.5')
  })

  it('answers 404 for another merchant, 400 for a malformed id, 409 for a payment that is not confirmed', async () => {
    const { h, app, database } = suite
    const { payment, merchant, payer } = await paidTusd('10')
    const otherKey = (
      await createApiKey(
        database.db,
        merchantOf({ namespace: 'eip155', address: h.devnet.accounts[7] as Address }),
        'other',
      )
    ).token
    const txHash = await h.payTusd({ from: merchant, to: payer, amount: '1' })
    const foreign = await postRefund(payment.id, { txHash }, otherKey)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.code).toBe('PAYMENT_NOT_FOUND')
    const malformed = await postRefund(payment.id, { txHash: 'nope' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('INVALID_REQUEST')
    const extra = await postRefund(payment.id, { txHash, amount: '1' })
    expect(extra.statusCode, 'unknown body fields are refused').toBe(400)

    const link = await h.createLink(app, { title: 'Failed', options: [{ asset: h.assets.eth, amount: '0.01' }] })
    const failed = await h.submit(
      app,
      link.id,
      await h.payEth({ to: h.devnet.accounts[8]!, amount: '0.01', from: payer }),
    )
    expect(failed.status).toBe('failed')
    const notRefundable = await postRefund(failed.id, { txHash })
    expect(notRefundable.statusCode).toBe(409)
    expect(notRefundable.json().error.code).toBe('PAYMENT_NOT_REFUNDABLE')
    expect(await refundRows(payment.id)).toHaveLength(0)
  })
})
