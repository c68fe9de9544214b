import { eq, sql } from 'drizzle-orm'
import { createWalletClient, http, keccak256, parseEther, toHex, type Address, type Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import { paymentCredits, payments, webhookDeliveries } from '../db/schema.js'
import { newId } from '../db/newId.js'
import { eventually, fastPaymentLinks, L1, L2, useHarnessSuite } from '../testing/paymentLinksHarness.js'

const suite = useHarnessSuite()

const hook = 'http://127.0.0.1:9/hook'

async function eventTypes(linkId: string): Promise<string[]> {
  const rows = await suite.h.database.db
    .select({ type: webhookDeliveries.type })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.linkId, linkId))
  return rows.map((r) => r.type).sort()
}

function ethLink(amount: string, extra: Record<string, unknown> = {}) {
  return { title: 'Coffee', options: [{ asset: suite.h.assets.eth, amount }], webhookUrl: hook, ...extra }
}
function tusdLink(amount: string, extra: Record<string, unknown> = {}) {
  return { title: 'Book', options: [{ asset: suite.h.assets.tusd, amount }], webhookUrl: hook, ...extra }
}

describe('native and ERC-20 payments', () => {
  it('confirms a native payment at once with 1 confirmation and marks the link paid', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.01'))
    expect(link.options[0]!.recipient).toBe(suite.merchant)
    const hash = await suite.h.payEth({ to: suite.merchant, amount: '0.01' })
    const payment = await suite.h.submit(suite.app, link.id, hash)
    expect(payment).toMatchObject({
      status: 'confirmed',
      amount: '0.01',
      asset: suite.h.assets.eth,
      confirmations: 1,
      requiredConfirmations: 1,
      reason: null,
    })
    expect(payment.payer).toBe(suite.h.devnet.accounts[2]!.toLowerCase())
    const after = await suite.h.getLink(suite.app, link.id)
    expect(after.status).toBe('paid')
    expect(after.options[0]).toMatchObject({ paid: '0.01', overpaid: '0' })
    expect(await eventTypes(link.id)).toEqual(['link.paid', 'payment.confirmed', 'payment.detected'])
  })

  it('counts confirmations of an ERC-20 payment block by block before confirming it', async () => {
    const app3 = await suite.h.app({ confirmations: 3 })
    const link = await suite.h.createLink(app3, tusdLink('25'))
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '25' })
    const payment = await suite.h.submit(app3, link.id, hash)
    expect(payment).toMatchObject({ status: 'confirming', confirmations: 1, requiredConfirmations: 3, amount: '25' })
    const detected = await suite.h.getLink(app3, link.id)
    expect(detected.status).toBe('open')
    await suite.h.mine(1)
    await app3.paymentLinks.tracker.runOnce()
    const counted = await suite.h.getLink(app3, link.id)
    expect(counted.payments[0]).toMatchObject({ status: 'confirming', confirmations: 2 })
    // A new count is a change event streams must send: the link's version moves.
    expect(counted.version).toBeGreaterThan(detected.version)
    await suite.h.mine(1)
    await app3.paymentLinks.tracker.runOnce()
    const after = await suite.h.getLink(app3, link.id)
    expect(after.payments[0]).toMatchObject({ status: 'confirmed', confirmations: 3 })
    expect(after.status).toBe('paid')
    expect(await eventTypes(link.id)).toEqual(['link.paid', 'payment.confirmed', 'payment.detected'])
  })

  it('adds up an underpayment and a top-up; records an overpayment', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('10'))
    await suite.h.submit(suite.app, link.id, await suite.h.payTusd({ to: suite.merchant, amount: '4' }))
    let state = await suite.h.getLink(suite.app, link.id)
    expect(state.status).toBe('partially_paid')
    expect(state.options[0]).toMatchObject({ paid: '4', overpaid: '0' })
    await suite.h.submit(suite.app, link.id, await suite.h.payTusd({ to: suite.merchant, amount: '7.5' }))
    state = await suite.h.getLink(suite.app, link.id)
    expect(state.status).toBe('paid')
    expect(state.options[0]).toMatchObject({ paid: '11.5', overpaid: '1.5' })
    expect(await eventTypes(link.id)).toEqual([
      'link.paid',
      'link.underpaid',
      'payment.confirmed',
      'payment.confirmed',
      'payment.detected',
      'payment.detected',
    ])
  })

  it('pays a link through either of its options', async () => {
    const link = await suite.h.createLink(suite.app, {
      title: 'Either',
      options: [
        { asset: suite.h.assets.tusd, amount: '5' },
        { asset: suite.h.assets.eth2, amount: '0.002' },
      ],
    })
    const payment = await suite.h.submit(
      suite.app,
      link.id,
      await suite.h.payEth({ to: suite.merchant, amount: '0.002', chainId: 31338 }),
      L2,
    )
    expect(payment).toMatchObject({ status: 'confirmed', asset: suite.h.assets.eth2, optionId: link.options[1]!.id })
    expect((await suite.h.getLink(suite.app, link.id)).status).toBe('paid')
  })
})

describe('payments that do not pay', () => {
  it('fails a transfer to another address (wrong_recipient)', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.01'))
    const payment = await suite.h.submit(
      suite.app,
      link.id,
      await suite.h.payEth({ to: suite.h.devnet.accounts[5]!, amount: '0.01' }),
    )
    expect(payment).toMatchObject({ status: 'failed', reason: 'wrong_recipient', amount: null })
    expect((await suite.h.getLink(suite.app, link.id)).status).toBe('open')
    expect(await eventTypes(link.id)).toEqual([])
  })

  it('fails a payment in another asset than offered (wrong_token)', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('1'))
    const payment = await suite.h.submit(suite.app, link.id, await suite.h.payEth({ to: suite.merchant, amount: '1' }))
    expect(payment).toMatchObject({ status: 'failed', reason: 'wrong_token' })
  })

  it('fails a transaction on a network none of the options is on (wrong_network)', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.01'))
    const hash = await suite.h.payEth({ to: suite.merchant, amount: '0.01', chainId: 31338 })
    const payment = await suite.h.submit(suite.app, link.id, hash, L2)
    expect(payment).toMatchObject({ status: 'failed', reason: 'wrong_network', caipNetworkId: L2 })
    // The same hash on L1 is unknown there: it waits (pending), it is not credited.
    expect((await suite.h.submit(suite.app, link.id, hash, L1)).status).toBe('pending')
  })

  it('fails a reverted transaction (tx_reverted)', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('20000'))
    // More than the payer holds, with a fixed gas limit so the wallet does not refuse it.
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '20000', gas: 100_000n })
    expect((await suite.h.client().getTransactionReceipt({ hash })).status).toBe('reverted')
    const payment = await suite.h.submit(suite.app, link.id, hash)
    expect(payment).toMatchObject({ status: 'failed', reason: 'tx_reverted' })
  })

  it('keeps an unknown transaction pending, then fails it after the grace period (tx_not_found)', async () => {
    const graceApp = await suite.h.app({
      paymentLinks: { ...fastPaymentLinks, tracker: { settings: { missingGraceMs: 1000 } } },
    })
    // The process's first pass (re-reading every pending payment of earlier tests) before the clock starts.
    await graceApp.paymentLinks.tracker.runOnce()
    const link = await suite.h.createLink(graceApp, ethLink('0.01'))
    const unknown = keccak256(toHex(`unknown-${Math.random()}`))
    expect(await suite.h.submit(graceApp, link.id, unknown)).toMatchObject({ status: 'pending', reason: null })
    await graceApp.paymentLinks.tracker.runOnce()
    expect((await suite.h.getLink(graceApp, link.id)).payments[0]!.status).toBe('pending')
    await new Promise((resolve) => setTimeout(resolve, 1050))
    await graceApp.paymentLinks.tracker.runOnce()
    expect((await suite.h.getLink(graceApp, link.id)).payments[0]).toMatchObject({
      status: 'failed',
      reason: 'tx_not_found',
    })
  })
})

describe('one transfer credits one payment', () => {
  it('credits a hash to the first link only (already_credited on the second)', async () => {
    const a = await suite.h.createLink(suite.app, ethLink('0.01'))
    const b = await suite.h.createLink(suite.app, ethLink('0.01'))
    const hash = await suite.h.payEth({ to: suite.merchant, amount: '0.01' })
    expect((await suite.h.submit(suite.app, a.id, hash)).status).toBe('confirmed')
    expect(await suite.h.submit(suite.app, b.id, hash)).toMatchObject({ status: 'failed', reason: 'already_credited' })
    expect((await suite.h.getLink(suite.app, b.id)).status).toBe('open')
  })

  it('makes one payment of concurrent submissions of one hash to one link', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.01'))
    const hash = await suite.h.payEth({ to: suite.merchant, amount: '0.01' })
    const results = await Promise.all(Array.from({ length: 5 }, () => suite.h.submit(suite.app, link.id, hash)))
    expect(new Set(results.map((p) => p.id)).size).toBe(1)
    const state = await suite.h.getLink(suite.app, link.id)
    expect(state.payments).toHaveLength(1)
    expect(state.payments[0]!.status).toBe('confirmed')
    expect(state.options[0]!.paid).toBe('0.01')
    expect(await eventTypes(link.id)).toEqual(['link.paid', 'payment.confirmed', 'payment.detected'])
  })
})

describe('expiry', () => {
  it('expires a link (link.expired) and records a later payment as late without paying the link', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.01', { expiresInSeconds: 1 }))
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await suite.h.getLink(suite.app, link.id)).status).toBe('expired')
    await suite.app.paymentLinks.tracker.runOnce()
    expect(await eventTypes(link.id)).toEqual(['link.expired'])
    // anvil stamps blocks with whole seconds: make sure the block is after the expiry.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const payment = await suite.h.submit(
      suite.app,
      link.id,
      await suite.h.payEth({ to: suite.merchant, amount: '0.01' }),
    )
    expect(payment).toMatchObject({ status: 'confirmed', late: true })
    const state = await suite.h.getLink(suite.app, link.id)
    expect(state.status).toBe('expired')
    expect(state.options[0]).toMatchObject({ paid: '0', late: '0.01' })
  })
})

describe('reorgs', () => {
  it('sends a payment whose block was reorged away back to pending and takes paid from the link', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.01'))
    const snapshot = await suite.h.rpc(31337, 'evm_snapshot')
    const hash = await suite.h.payEth({ to: suite.merchant, amount: '0.01' })
    const raw = (await suite.h.rpc(31337, 'eth_getRawTransactionByHash', [hash])) as Hash
    expect((await suite.h.submit(suite.app, link.id, hash)).status).toBe('confirmed')
    expect((await suite.h.getLink(suite.app, link.id)).status).toBe('paid')

    await suite.h.rpc(31337, 'evm_revert', [snapshot])
    await suite.h.mine(2)
    await suite.app.paymentLinks.tracker.runOnce()
    let state = await suite.h.getLink(suite.app, link.id)
    expect(state.payments[0]).toMatchObject({ status: 'pending', reason: 'reorged_out', confirmations: 0 })
    expect(state.status).toBe('open')
    expect(await eventTypes(link.id)).toEqual([
      'link.paid',
      'payment.confirmed',
      'payment.detected',
      'payment.reverted',
    ])

    // The same signed transaction mined again, in another block: detected and confirmed again.
    await suite.h.rpc(31337, 'eth_sendRawTransaction', [raw])
    await suite.h.client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await suite.app.paymentLinks.tracker.runOnce()
    state = await suite.h.getLink(suite.app, link.id)
    expect(state.payments[0]).toMatchObject({ status: 'confirmed', reason: null })
    expect(state.status).toBe('paid')
    expect(
      await suite.h.database.db
        .select()
        .from(paymentCredits)
        .where(eq(paymentCredits.paymentId, state.payments[0]!.id)),
    ).toHaveLength(1)
  })

  it('re-reads a confirming payment: reorged out, it becomes reverted (dropped) when it never returns', async () => {
    const app3 = await suite.h.app({
      confirmations: 3,
      paymentLinks: { ...fastPaymentLinks, tracker: { settings: { missingGraceMs: 500 } } },
    })
    await app3.paymentLinks.tracker.runOnce() // the process's first pass, before any clock runs
    const link = await suite.h.createLink(app3, tusdLink('3'))
    const snapshot = await suite.h.rpc(31337, 'evm_snapshot')
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '3' })
    expect((await suite.h.submit(app3, link.id, hash)).status).toBe('confirming')
    await suite.h.rpc(31337, 'evm_revert', [snapshot])
    await suite.h.mine(3)
    await app3.paymentLinks.tracker.runOnce()
    expect((await suite.h.getLink(app3, link.id)).payments[0]).toMatchObject({
      status: 'pending',
      reason: 'reorged_out',
    })
    await new Promise((resolve) => setTimeout(resolve, 550))
    await app3.paymentLinks.tracker.runOnce()
    const state = await suite.h.getLink(app3, link.id)
    expect(state.payments[0]).toMatchObject({ status: 'reverted', reason: 'dropped' })
    expect(state.status).toBe('open')
    expect(await eventTypes(link.id)).toEqual(['payment.detected', 'payment.reverted'])
  })
})

describe('crash safety', () => {
  it('resumes after the server stops between detection and confirmation', async () => {
    const first = await suite.h.app({ confirmations: 2 })
    const link = await suite.h.createLink(first, tusdLink('2'))
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '2' })
    expect((await suite.h.submit(first, link.id, hash)).status).toBe('confirming')
    await first.close()
    await suite.h.mine(1)

    const second = await suite.h.app({ confirmations: 2 })
    second.paymentLinks.start()
    await eventually(async () => expect((await suite.h.getLink(second, link.id)).status).toBe('paid'))
    await second.paymentLinks.stop()
    expect(await eventTypes(link.id)).toEqual(['link.paid', 'payment.confirmed', 'payment.detected'])
  })

  it('leaves a payment claimed by a crashed tracker alone until the claim expires', async () => {
    const app2 = await suite.h.app({
      confirmations: 2,
      paymentLinks: { ...fastPaymentLinks, tracker: { settings: { leaseMs: 5000 } } },
    })
    const link = await suite.h.createLink(app2, tusdLink('1'))
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '1' })
    const payment = await suite.h.submit(app2, link.id, hash)
    await suite.h.mine(1)
    // A tracker that claimed the payment and died: its lease is still running.
    await suite.h.database.db
      .update(payments)
      .set({ leaseToken: 'dead', leaseUntil: sql`now() + interval '400 milliseconds'` })
      .where(eq(payments.id, payment.id))
    await app2.paymentLinks.tracker.runOnce()
    expect((await suite.h.getLink(app2, link.id)).payments[0]!.status).toBe('confirming')
    await new Promise((resolve) => setTimeout(resolve, 450))
    await app2.paymentLinks.tracker.runOnce()
    expect((await suite.h.getLink(app2, link.id)).payments[0]!.status).toBe('confirmed')
  })
})

describe('batched reads', () => {
  it('reads N payments of a network with a fixed number of RPC requests per block', async () => {
    const app5 = await suite.h.app({ confirmations: 100 })
    const { tracker } = app5.paymentLinks
    const link = await suite.h.createLink(app5, tusdLink('1000'))
    for (let i = 0; i < 12; i++)
      await suite.h.submit(app5, link.id, await suite.h.payTusd({ to: suite.merchant, amount: '1' }))
    const unknown = Array.from({ length: 8 }, (_, i) => keccak256(toHex(`nope-${i}-${Math.random()}`)))
    for (const hash of unknown) await suite.h.submit(app5, link.id, hash)
    await suite.h.mine(1)
    const before = tracker.rpcRequests(L1)
    await tracker.runOnce()
    const perBlock = tracker.rpcRequests(L1) - before
    // eth_blockNumber; the blocks; receipts of the re-checked pending ones (none mined: no canonical blocks read).
    expect(perBlock).toBeLessThanOrEqual(3)
    console.info(`tracker: ${perBlock} RPC requests for one block with 20 tracked payments`)
    const state = await suite.h.getLink(app5, link.id)
    expect(state.payments.filter((p) => p.status === 'confirming')).toHaveLength(12)
    expect(state.payments.filter((p) => p.status === 'pending')).toHaveLength(8)
  })
})

/** Sends without waiting to be mined (automine off): a payer whose transaction waits in the mempool. */
function sendEth(to: Address, amount: string): Promise<Hash> {
  const wallet = createWalletClient({
    transport: http(suite.h.devnet.chains[0]!.rpcUrl),
    account: suite.h.devnet.accounts[3]!,
  })
  return wallet.sendTransaction({ chain: null, to, value: parseEther(amount) })
}

/** Pending payments the tracker already looked at (resting until their re-check), written straight to the table. */
async function restingPayments(linkId: string, count: number): Promise<void> {
  const now = new Date()
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId('pay'),
    linkId,
    caipNetworkId: L1,
    txHash: keccak256(toHex(`waiting-${i}-${Math.random()}`)),
    requiredConfirmations: 1,
    missingSince: now,
    leaseUntil: new Date(now.getTime() + 3_600_000),
  }))
  await suite.h.database.db.insert(payments).values(rows)
}

describe('block scan', () => {
  it('detects payments mined in a new block from its transaction hashes, with requests independent of the pending count', async () => {
    const appScan = await suite.h.app()
    const { tracker } = appScan.paymentLinks
    const crowd = await suite.h.createLink(appScan, ethLink('1'))
    // More pending payments than one claim takes (200): the old design needed a batch per 200.
    await restingPayments(crowd.id, 450)
    await tracker.runOnce() // this process's first pass re-checks every pending payment once
    const paying = await Promise.all([1, 2, 3].map(() => suite.h.createLink(appScan, ethLink('0.003'))))
    await suite.h.rpc(31337, 'evm_setAutomine', [false])
    try {
      for (const link of paying) {
        const hash = await sendEth(suite.merchant, '0.003')
        expect(await suite.h.submit(appScan, link.id, hash)).toMatchObject({ status: 'pending', reason: null })
      }
      await tracker.runOnce()
      const before = tracker.rpcRequests(L1)
      await suite.h.mine(1)
      await tracker.runOnce()
      const perBlock = tracker.rpcRequests(L1) - before
      // eth_blockNumber; the new block (hashes) + the cursor's; receipts and transactions of the 3 matched.
      expect(perBlock).toBeLessThanOrEqual(3)
      for (const link of paying) expect((await suite.h.getLink(appScan, link.id)).status).toBe('paid')
      expect((await suite.h.getLink(appScan, crowd.id)).payments.filter((p) => p.status === 'pending')).toHaveLength(
        450,
      )
    } finally {
      await suite.h.rpc(31337, 'evm_setAutomine', [true])
      await suite.h.database.db
        .update(payments)
        .set({ status: 'failed', reason: 'tx_not_found' })
        .where(eq(payments.linkId, crowd.id))
    }
  })

  it('catches up several blocks in one pass and still reads them in one batch', async () => {
    const appCatch = await suite.h.app()
    const { tracker } = appCatch.paymentLinks
    await tracker.runOnce()
    const links = [
      await suite.h.createLink(appCatch, ethLink('0.006')),
      await suite.h.createLink(appCatch, ethLink('0.006')),
    ]
    await suite.h.rpc(31337, 'evm_setAutomine', [false])
    try {
      for (const link of links) {
        expect((await suite.h.submit(appCatch, link.id, await sendEth(suite.merchant, '0.006'))).status).toBe('pending')
        await suite.h.mine(1)
      }
      await suite.h.mine(2)
    } finally {
      await suite.h.rpc(31337, 'evm_setAutomine', [true])
    }
    const before = tracker.rpcRequests(L1)
    await tracker.runOnce()
    // eth_blockNumber; the 4 new blocks in one batch; receipts of the 2 matched.
    expect(tracker.rpcRequests(L1) - before).toBeLessThanOrEqual(3)
    // Mined 4 and 3 blocks deep.
    for (const [i, link] of links.entries()) {
      expect((await suite.h.getLink(appCatch, link.id)).payments[0]).toMatchObject({
        status: 'confirmed',
        confirmations: [4, 3][i],
      })
    }
  })

  it('finds a payment mined while no tracker ran (a restarted process re-checks pending payments first)', async () => {
    const first = await suite.h.app()
    const link = await suite.h.createLink(first, ethLink('0.004'))
    await suite.h.rpc(31337, 'evm_setAutomine', [false])
    try {
      const hash = await sendEth(suite.merchant, '0.004')
      expect((await suite.h.submit(first, link.id, hash)).status).toBe('pending')
      await first.close()
      await suite.h.mine(1)
      await suite.h.mine(1)
    } finally {
      await suite.h.rpc(31337, 'evm_setAutomine', [true])
    }
    const second = await suite.h.app()
    await second.paymentLinks.tracker.runOnce()
    expect((await suite.h.getLink(second, link.id)).status).toBe('paid')
  })

  it('rescans from the fork point after a reorg, finding a payment mined again below the last scanned height', async () => {
    const appReorg = await suite.h.app({ confirmations: 2 })
    const { tracker } = appReorg.paymentLinks
    const link = await suite.h.createLink(appReorg, ethLink('0.005'))
    await tracker.runOnce()
    const snapshot = await suite.h.rpc(31337, 'evm_snapshot')
    await suite.h.mine(3)
    await tracker.runOnce() // scanned up to 3 blocks past the snapshot
    await suite.h.rpc(31337, 'evm_revert', [snapshot])
    await suite.h.rpc(31337, 'evm_setAutomine', [false])
    try {
      const hash = await sendEth(suite.merchant, '0.005')
      expect((await suite.h.submit(appReorg, link.id, hash)).status).toBe('pending')
      // The transaction lands 1 block past the snapshot, the head at 4: below the last scanned height + 1.
      await suite.h.mine(4)
    } finally {
      await suite.h.rpc(31337, 'evm_setAutomine', [true])
    }
    await tracker.runOnce()
    const state = await suite.h.getLink(appReorg, link.id)
    expect(state.payments[0]).toMatchObject({ status: 'confirmed', confirmations: 4 })
    expect(state.status).toBe('paid')
  })
})
