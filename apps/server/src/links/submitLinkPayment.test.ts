import type { Payment } from '@paylink/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { submitLinkPayment, type PaymentIntake } from './submitLinkPayment.js'

const network = 'eip155:31337'
const body = { caipNetworkId: network, txHash: `0x${'ab'.repeat(32)}` }
const pending = { id: 'pay_x', linkId: 'lnk_x', status: 'pending' } as Payment

describe('submitLinkPayment', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' })
    // PGlite's start and migrations take seconds on a busy machine.
  }, 60_000)
  afterAll(async () => database.close())

  function intake(
    record: Awaited<ReturnType<PaymentIntake['record']>>,
    processSubmitted: PaymentIntake['processSubmitted'],
  ) {
    const calls: string[] = []
    const payments: PaymentIntake = {
      record: async () => {
        calls.push('record')
        return record
      },
      processSubmitted: (...args) => {
        calls.push('check')
        return processSubmitted(...args)
      },
      poke: () => void calls.push('poke'),
    }
    return { payments, calls }
  }

  const submit = (
    payments: PaymentIntake,
    extra: { checkTimeoutMs?: number; onCheckFailed?: (error: unknown) => void } = {},
  ) =>
    submitLinkPayment(database.db, {
      linkId: 'lnk_x',
      body,
      confirmations: new Map([[network, 1]]),
      payments,
      checkTimeoutMs: extra.checkTimeoutMs ?? 1000,
      ...(extra.onCheckFailed ? { onCheckFailed: extra.onCheckFailed } : {}),
    })

  it('a new pending payment: records, checks the chain once, then wakes the tracker', async () => {
    const { payments, calls } = intake({ payment: pending, created: true }, async () => {})
    expect(await submit(payments)).toBe(pending)
    expect(calls).toEqual(['record', 'check', 'poke'])
  })

  it('the same hash again, or a payment failed at once: answered as recorded, no chain read', async () => {
    const again = intake({ payment: pending, created: false }, async () => {})
    expect(await submit(again.payments)).toBe(pending)
    const failed = { ...pending, status: 'failed' } as Payment
    const wrongNetwork = intake({ payment: failed, created: true }, async () => {})
    expect(await submit(wrongNetwork.payments)).toBe(failed)
    expect([again.calls, wrongNetwork.calls]).toEqual([['record'], ['record']])
  })

  it('a chain read slower than the limit: answers after the limit with the payment as recorded, reports it and still wakes the tracker', async () => {
    const { payments, calls } = intake({ payment: pending, created: true }, () => new Promise(() => {}))
    const failures: unknown[] = []
    const started = Date.now()
    expect(await submit(payments, { checkTimeoutMs: 100, onCheckFailed: (error) => failures.push(error) })).toBe(
      pending,
    )
    expect(Date.now() - started).toBeLessThan(2000)
    expect(failures).toHaveLength(1)
    expect(calls).toEqual(['record', 'check', 'poke'])
  })

  it('an unknown link: the record step refuses and nothing else runs', async () => {
    const refusal = new Error('LINK_NOT_FOUND')
    const calls: string[] = []
    const payments: PaymentIntake = {
      record: async () => Promise.reject(refusal),
      processSubmitted: async () => void calls.push('check'),
      poke: () => void calls.push('poke'),
    }
    await expect(submit(payments)).rejects.toBe(refusal)
    expect(calls).toEqual([])
  })
})
