import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createWalletClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentCredits, payments, webhookDeliveries } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'
import { eventually, L1, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { submitPayment } from './submitPayment.js'

// Two database pools on one Postgres stand for two server processes.
describe.skipIf(!canStartTestPostgres())('several server processes on one Postgres', () => {
  let postgres: TestPostgres
  let first: Database
  let second: Database
  let h: Harness
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    postgres = await startTestPostgres()
    ;[first, second] = await Promise.all([openDatabase({ url: postgres.url }), openDatabase({ url: postgres.url })])
    h = await startHarness(first)
    a = await h.app({ confirmations: 2 })
    b = await h.app({ confirmations: 2, database: second })
  }, 30_000)

  afterAll(async () => {
    await h?.close()
    await first?.close()
    await second?.close()
    await postgres?.stop()
  })

  it('two trackers at once credit and announce every payment exactly once', async () => {
    const merchant = h.devnet.accounts[1]!
    const link = await h.createLink(a, {
      title: 'Race',
      options: [{ asset: h.assets.tusd, amount: '6' }],
      webhookUrl: 'http://127.0.0.1:9/hook',
    })
    const ids: string[] = []
    for (let i = 0; i < 6; i++) {
      const txHash = await h.payTusd({ to: merchant, amount: '1' })
      // Recorded without the route's first look, so detection itself is raced too.
      const { payment } = await submitPayment(first.db, {
        linkId: link.id,
        body: { caipNetworkId: L1, txHash },
        confirmations: new Map([[L1, 2]]),
      })
      ids.push(payment.id)
    }
    await h.mine(1)
    await Promise.all([a, b, a, b].map((app) => app.paymentLinks.tracker.runOnce()))
    a.paymentLinks.start()
    b.paymentLinks.start()
    try {
      await eventually(async () => expect((await h.getLink(b, link.id)).status).toBe('paid'))
      await eventually(async () => {
        const rows = await first.db
          .select({ id: payments.id, status: payments.status })
          .from(payments)
          .where(inArray(payments.id, ids))
        // Keyed by payment id: a failure names the payment and its status; a missing row shows too.
        expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual(
          Object.fromEntries(ids.map((id) => [id, 'confirmed'])),
        )
      })
    } finally {
      await Promise.all([a.paymentLinks.stop(), b.paymentLinks.stop()])
    }
    const events = await first.db
      .select({ type: webhookDeliveries.type })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.linkId, link.id))
    const count = (type: string) => events.filter((e) => e.type === type).length
    expect([count('payment.detected'), count('payment.confirmed'), count('link.paid')]).toEqual([6, 6, 1])
    expect(await first.db.select().from(paymentCredits).where(inArray(paymentCredits.paymentId, ids))).toHaveLength(6)
    expect((await h.getLink(a, link.id)).options[0]!.paid).toBe('6')
  })

  it('two trackers scanning the same blocks detect and confirm each mempool payment once', async () => {
    const merchant = h.devnet.accounts[1]!
    const links = await Promise.all(
      [1, 2, 3, 4].map(() =>
        h.createLink(a, {
          title: 'Scan',
          options: [{ asset: h.assets.eth, amount: '0.002' }],
          webhookUrl: 'http://127.0.0.1:9/hook',
        }),
      ),
    )
    await Promise.all([a.paymentLinks.tracker.runOnce(), b.paymentLinks.tracker.runOnce()])
    const wallet = createWalletClient({ transport: http(h.devnet.chains[0]!.rpcUrl), account: h.devnet.accounts[4]! })
    await h.rpc(31337, 'evm_setAutomine', [false])
    try {
      for (const [i, link] of links.entries()) {
        const txHash = await wallet.sendTransaction({ chain: null, to: merchant, value: parseEther('0.002') })
        // Posted through either process; the first look finds it in the mempool: pending.
        expect((await h.submit(i % 2 ? a : b, link.id, txHash)).status).toBe('pending')
      }
      await h.mine(1)
      await Promise.all([a.paymentLinks.tracker.runOnce(), b.paymentLinks.tracker.runOnce()])
      await h.mine(1)
      await Promise.all([a.paymentLinks.tracker.runOnce(), b.paymentLinks.tracker.runOnce()])
    } finally {
      await h.rpc(31337, 'evm_setAutomine', [true])
    }
    for (const link of links) {
      const state = await h.getLink(a, link.id)
      expect(state.status).toBe('paid')
      expect(state.payments[0]).toMatchObject({ status: 'confirmed', confirmations: 2 })
      const events = await first.db
        .select({ type: webhookDeliveries.type })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.linkId, link.id))
      expect(events.map((e) => e.type).sort()).toEqual(['link.paid', 'payment.confirmed', 'payment.detected'])
    }
  })

  it('concurrent submissions of one hash to two links through two processes credit one link', async () => {
    const merchant = h.devnet.accounts[1]!
    const body = { title: 'Twin', options: [{ asset: h.assets.eth, amount: '0.01' }] }
    const [x, y] = [await h.createLink(a, body), await h.createLink(b, body)]
    const hash = await h.payEth({ to: merchant, amount: '0.01' })
    await Promise.all([
      h.submit(a, x.id, hash),
      h.submit(b, y.id, hash),
      h.submit(b, x.id, hash),
      h.submit(a, y.id, hash),
    ])
    await h.mine(1)
    await Promise.all([a.paymentLinks.tracker.runOnce(), b.paymentLinks.tracker.runOnce()])
    const [stateX, stateY] = [await h.getLink(a, x.id), await h.getLink(a, y.id)]
    expect(stateX.payments).toHaveLength(1)
    expect(stateY.payments).toHaveLength(1)
    const outcomes = [stateX.payments[0]!, stateY.payments[0]!].map((p) => `${p.status}:${p.reason}`).sort()
    expect(outcomes).toEqual(['confirmed:null', 'failed:already_credited'])
    expect([stateX.status, stateY.status].sort()).toEqual(['open', 'paid'])
  })
})
