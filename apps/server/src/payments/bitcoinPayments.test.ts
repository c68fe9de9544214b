import { describe, expect, it } from 'vitest'
import { eventually } from '../testing/eventually.js'
import { regtestPayer as payerAddress, useBitcoinFixtureApp } from '../testing/bitcoinFixtureApp.js'
import { regtestChain as regtest } from '../testing/bitcoinRegtest.js'
import { expectPaidByReplacement } from '../testing/bitcoinTestApp.js'

// The whole path on a Bitcoin network: a merchant's watch-only key, BTC links with derived
// addresses, and the tracker finding payments nobody submitted, through an Esplora fixture
// written from Esplora's API documentation.
const elsewhere = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

const app = useBitcoinFixtureApp()
const { newLink, link, pay, pass } = app

/** A block mining `transactions`, then a tracker pass: the link as it reads after them. */
async function afterBlock(linkId: string, transactions: Parameters<typeof app.esplora.mine>[0]) {
  app.esplora.mine(transactions)
  await pass()
  return link(linkId)
}

type MempoolTransaction = (typeof app.esplora.mempool)[number]

/** `transaction` waits in the mempool, and a tracker pass has seen it there. */
async function seenInMempool(transaction: MempoolTransaction) {
  app.esplora.mempool.push(transaction)
  await pass()
}

/** The payer's wallet replaced `transaction`: it leaves the mempool (its replacement is the test's to add). */
function dropFromMempool(transaction: MempoolTransaction) {
  app.esplora.mempool.splice(app.esplora.mempool.indexOf(transaction), 1)
}

describe('Bitcoin payments found by the tracker (no submission)', () => {
  it('seen in the mempool: confirming 0/1 and not counted; mined: confirmed and paid', async () => {
    const order = await newLink('0.001')
    const transaction = pay(order.address, 100_000n)
    await seenInMempool(transaction)
    const seen = await link(order.id)
    expect(seen.status).toBe('open')
    expect(seen.payments).toMatchObject([
      {
        txHash: transaction.txid,
        status: 'confirming',
        confirmations: 0,
        requiredConfirmations: 1,
        amount: '0.001',
        blockNumber: null,
      },
    ])
    // Shown as confirming, never counted: nothing paid yet.
    expect(seen.options[0]).toMatchObject({ paid: '0', confirming: '0.001' })

    const paid = await afterBlock(order.id, [transaction])
    expect(paid.status).toBe('paid')
    expect(paid.payments).toMatchObject([
      { txHash: transaction.txid, status: 'confirmed', amount: '0.001', payer: payerAddress },
    ])
  })

  it('partial payments add up: two transactions to one address pay the link together', async () => {
    const order = await newLink('0.003')
    const first = pay(order.address, 100_000n)
    expect((await afterBlock(order.id, [first])).status).toBe('partially_paid')
    const paid = await afterBlock(order.id, [pay(order.address, 200_000n)])
    expect(paid.status).toBe('paid')
    expect(paid.payments.map((p: { status: string }) => p.status)).toEqual(['confirmed', 'confirmed'])
  })

  it('a payment replaced by fee (RBF) to another address is dropped and the link stays unpaid', async () => {
    const order = await newLink('0.002')
    const spend = { txid: 'f0'.repeat(32), vout: 1, address: payerAddress, value: 1_000_000n }
    const original = pay(order.address, 200_000n, spend)
    await seenInMempool(original)
    expect((await link(order.id)).payments).toMatchObject([
      { txHash: original.txid, status: 'confirming', confirmations: 0 },
    ])

    dropFromMempool(original)
    const after = await afterBlock(order.id, [
      app.esplora.transaction([spend], [{ address: elsewhere, value: 990_000n }]),
    ])
    expect(after.status).toBe('open')
    expect(after.options[0]).toMatchObject({ paid: '0', confirming: '0' })
    expect(after.payments).toMatchObject([{ txHash: original.txid, status: 'failed', reason: 'dropped' }])
  })

  it('a replacement paying the same address is counted once (the original dropped, never credited twice)', async () => {
    const order = await newLink('0.001')
    const spend = { txid: 'e0'.repeat(32), vout: 0, address: payerAddress, value: 1_000_000n }
    const original = pay(order.address, 100_000n, spend)
    await seenInMempool(original)
    const replacement = app.esplora.transaction(
      [spend],
      [
        { address: order.address, value: 100_000n },
        { address: payerAddress, value: 880_000n },
      ],
    )
    dropFromMempool(original)
    expectPaidByReplacement(await afterBlock(order.id, [replacement]), {
      paid: '0.001',
      original: original.txid,
      replacement: replacement.txid,
    })
  })

  it('a payment reorged out after being counted, whose transaction is gone, is reverted (dropped) and the link reopens', async () => {
    const order = await newLink('0.0005')
    const transaction = pay(order.address, 50_000n)
    expect((await afterBlock(order.id, [transaction])).status).toBe('paid')
    // The block is replaced by one without it, and the transaction is gone (double-spent elsewhere).
    app.esplora.reorg(1, true)
    app.esplora.mine()
    app.esplora.mine()
    await pass()
    await pass()
    const after = await link(order.id)
    expect(after.status).toBe('open')
    expect(after.payments).toMatchObject([{ txHash: transaction.txid, status: 'reverted', reason: 'dropped' }])
  })
})

describe('a transaction the checkout posts (connected wallet)', () => {
  const post = (id: string, txHash: string) =>
    app.server.inject({ method: 'POST', url: `/api/links/${id}/payments`, payload: { caipNetworkId: regtest, txHash } })

  it('posted while in the mempool: confirming 0/1 in the answer, never counted; the tracker sighting it too keeps one payment; mined: paid', async () => {
    const order = await newLink('0.001')
    const transaction = pay(order.address, 100_000n)
    app.esplora.mempool.push(transaction)
    const posted = await post(order.id, transaction.txid)
    expect(posted.statusCode, posted.body).toBe(202)
    expect(posted.json()).toMatchObject({
      status: 'confirming',
      confirmations: 0,
      requiredConfirmations: 1,
      amount: '0.001',
    })
    expect((await link(order.id)).options[0]).toMatchObject({ paid: '0', confirming: '0.001' })

    // The tracker's mempool read sees the same transaction: no second row.
    await pass()
    const seen = await link(order.id)
    expect(seen.status).toBe('open')
    expect(seen.payments).toMatchObject([{ txHash: transaction.txid, status: 'confirming', confirmations: 0 }])
    expect(seen.payments).toHaveLength(1)

    const paid = await afterBlock(order.id, [transaction])
    expect(paid.status).toBe('paid')
    expect(paid.payments).toHaveLength(1)
    expect(paid.payments).toMatchObject([
      { txHash: transaction.txid, status: 'confirmed', confirmations: 1, amount: '0.001' },
    ])
  })

  it('sighted first, posted after (in upper case): the same one payment comes back', async () => {
    const order = await newLink('0.0007')
    const transaction = pay(order.address, 70_000n)
    await seenInMempool(transaction)
    const sighted = (await link(order.id)).payments
    expect(sighted).toMatchObject([{ txHash: transaction.txid, status: 'confirming', confirmations: 0 }])
    const posted = await post(order.id, transaction.txid.toUpperCase())
    expect(posted.statusCode, posted.body).toBe(202)
    expect(posted.json()).toMatchObject({ id: sighted[0].id, status: 'confirming', confirmations: 0 })
    expect((await link(order.id)).payments).toHaveLength(1)
    app.esplora.mine([transaction])
    await pass()
  })

  it('posted while in the mempool but paying another address: failed (wrong_recipient) at once, nothing shown as confirming', async () => {
    const order = await newLink('0.001')
    const transaction = pay(elsewhere, 100_000n)
    app.esplora.mempool.push(transaction)
    const posted = await post(order.id, transaction.txid)
    expect(posted.statusCode, posted.body).toBe(202)
    expect(posted.json()).toMatchObject({ status: 'failed', reason: 'wrong_recipient' })
    expect((await link(order.id)).options[0]).toMatchObject({ paid: '0', confirming: '0' })
    app.esplora.mine([transaction])
    await pass()
  })

  it('posted, confirming 0/1, then replaced by fee to another address: confirming falls back to 0, the payment is dropped, payment.reverted follows payment.detected', async () => {
    const order = await newLink('0.0004')
    const spend = { txid: 'd0'.repeat(32), vout: 0, address: payerAddress, value: 1_000_000n }
    const original = pay(order.address, 40_000n, spend)
    app.esplora.mempool.push(original)
    expect((await post(order.id, original.txid)).json()).toMatchObject({ status: 'confirming', confirmations: 0 })
    dropFromMempool(original)
    app.esplora.mempool.push(app.esplora.transaction([spend], [{ address: elsewhere, value: 990_000n }]))
    // No block: the between-blocks re-check of payments confirming in no block notices it.
    await pass()
    const after = await link(order.id)
    expect(after.status).toBe('open')
    expect(after.options[0]).toMatchObject({ paid: '0', confirming: '0' })
    expect(after.payments).toMatchObject([{ txHash: original.txid, status: 'failed', reason: 'dropped' }])
    expect(await app.eventsOf(after.payments[0].id)).toEqual(['payment.detected', 'payment.reverted'])
    app.esplora.mine()
    await pass()
  })
})

describe('between blocks', () => {
  it('a running tracker sees a mempool payment without a new block ("seen, confirming 0/N" before the next block)', async () => {
    const order = await newLink('0.0003')
    const tracker = app.server.paymentLinks.tracker
    // One forced pass first, so the running tracker's own passes find no new block.
    await pass()
    const transaction = pay(order.address, 30_000n)
    app.esplora.mempool.push(transaction)
    tracker.start()
    try {
      // The pass after the idle re-check interval asks the mempool alone (no block was mined).
      await eventually(
        async () =>
          expect((await link(order.id)).payments).toMatchObject([
            { txHash: transaction.txid, status: 'confirming', confirmations: 0 },
          ]),
        15_000,
      )
    } finally {
      await tracker.stop()
    }
  }, 30_000)
})
