import { describe, expect, it } from 'vitest'
import type { PaymentFinding } from '@paylink/chains/server'
import type { PaymentRow } from '../db/rows.js'
import { decidePayment, type DecidePaymentContext } from './decidePayment.js'

// The mempool rules (a family that reads unmined transactions: Bitcoin), as a pure function.
const now = new Date('2030-01-01T00:00:00.000Z')
const context: DecidePaymentContext = { head: 100n, now, linkExpiresAt: null, missingGraceMs: 600_000, watchBlocks: 12 }
const pending: PaymentRow = {
  id: 'pay_1',
  linkId: 'lnk_1',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  txHash: 'ab'.repeat(32),
  status: 'pending',
  reason: null,
  optionId: null,
  logIndex: null,
  amount: null,
  payer: null,
  blockNumber: null,
  blockHash: null,
  confirmations: 0,
  requiredConfirmations: 1,
  late: false,
  minedAt: null,
  watchUntilBlock: null,
  missingSince: now,
  leaseToken: null,
  leaseUntil: null,
  refundAddress: null,
  refundAddressSigner: null,
  refundAddressMessage: null,
  refundAddressSignature: null,
  refundAddressGivenAt: null,
  refundAddressIssuedAt: null,
  createdAt: now,
  updatedAt: now,
  detectedAt: null,
  confirmedAt: null,
}
const credit = { optionId: 'opt_1', logIndex: 0, amount: 100_000n, payer: 'bcrt1qpayer' }
const inMempool: PaymentFinding = {
  known: true,
  unmined: true,
  inclusion: null,
  block: null,
  match: { ok: true, credits: [credit] },
}
const gone: PaymentFinding = { known: false, inclusion: null, block: null, match: null }
const detected: PaymentRow = {
  ...pending,
  status: 'confirming',
  optionId: 'opt_1',
  logIndex: 0,
  amount: '100000',
  payer: 'bcrt1qpayer',
  missingSince: null,
  detectedAt: now,
}

describe('decidePayment: a transaction waiting in the mempool', () => {
  it('paying the option: confirming 0/N, credited (shown) with payment.detected, in no block', () => {
    const decision = decidePayment(pending, inMempool, context)
    expect(decision.patch).toMatchObject({
      status: 'confirming',
      confirmations: 0,
      reason: null,
      missingSince: null,
      detectedAt: now,
      late: false,
    })
    expect(decision.patch.blockNumber).toBeUndefined()
    expect(decision.credits).toEqual([credit])
    expect(decision.events).toEqual(['payment.detected'])
  })

  it('paying another address: failed with the reason at once, as a mined one would', () => {
    const decision = decidePayment(pending, { ...inMempool, match: { ok: false, reason: 'wrong_recipient' } }, context)
    expect(decision.patch).toEqual({ status: 'failed', reason: 'wrong_recipient' })
    expect(decision.credits).toEqual([])
  })

  it('still waiting: nothing changes; confirmations stay 0', () => {
    expect(decidePayment(detected, { ...inMempool, match: null }, context).unchanged).toBe(true)
  })

  it('gone before any block (replaced, double-spent): back to pending as dropped with payment.reverted, then failed (never reverted: it was in no block)', () => {
    const first = decidePayment(detected, gone, context)
    expect(first.patch).toEqual({ status: 'pending', reason: 'dropped', confirmations: 0, missingSince: now })
    expect(first.events).toEqual(['payment.reverted'])
    const dropped = { ...detected, ...first.patch } as PaymentRow
    expect(decidePayment(dropped, gone, { ...context, now: new Date(now.getTime() + 1000) }).unchanged).toBe(true)
    const later = decidePayment(dropped, gone, { ...context, now: new Date(now.getTime() + 600_000) })
    expect(later.patch).toEqual({ status: 'failed', reason: 'dropped' })
  })

  it('back in the mempool after being dropped (rebroadcast): confirming 0/N again, the credit it holds kept', () => {
    const dropped: PaymentRow = { ...detected, status: 'pending', reason: 'dropped', missingSince: now }
    const decision = decidePayment(dropped, { ...inMempool, match: null }, context)
    expect(decision.patch).toEqual({ status: 'confirming', reason: null, confirmations: 0, missingSince: null })
    expect(decision.credits).toEqual([])
    expect(decision.events).toEqual(['payment.detected'])
  })

  it('mined after: its block recorded, confirmed at the required depth, detected only once', () => {
    const mined: PaymentFinding = {
      known: true,
      inclusion: { blockNumber: 100n, blockHash: 'cd'.repeat(32), success: true },
      block: { hash: 'cd'.repeat(32), timestamp: 1_893_456_000n },
      match: null,
    }
    const decision = decidePayment(detected, mined, context)
    expect(decision.patch).toMatchObject({
      status: 'confirmed',
      confirmations: 1,
      blockNumber: 100n,
      blockHash: 'cd'.repeat(32),
    })
    expect(decision.events).toEqual(['payment.confirmed'])
  })

  it('a payment reorged out of its block keeps waiting as reorged out, even if back in the mempool', () => {
    const reorgedOut: PaymentRow = {
      ...detected,
      status: 'pending',
      reason: 'reorged_out',
      blockNumber: 99n,
      blockHash: 'ef'.repeat(32),
    }
    const decision = decidePayment(reorgedOut, { ...inMempool, match: null }, context)
    expect(decision.patch.status).toBeUndefined()
  })

  it('a family that cannot read unmined transactions (no `unmined`): a known pending one stays pending', () => {
    expect(
      decidePayment(pending, { known: true, inclusion: null, block: null, match: null }, context).patch.status,
    ).toBeUndefined()
  })
})
