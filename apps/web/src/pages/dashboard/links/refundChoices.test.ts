import type { Link, Payment } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { refundChoices } from './refundChoices.js'

const option = { id: 'opt_1', decimals: 6, overpaid: '2.5' } as Link['options'][number]
const payment = (fields: Partial<Payment>): Payment =>
  ({
    id: 'pay_1',
    optionId: 'opt_1',
    status: 'confirmed',
    amount: '12.5',
    refunded: '0',
    refunds: [],
    ...fields,
  }) as Payment

describe('refundChoices', () => {
  it('offers the whole payment and its excess', () => {
    const p = payment({})
    expect(refundChoices({ options: [option], payments: [p] }, p)).toEqual({ full: '12.5', excess: '2.5' })
  })
  it('takes refunds of the option off the excess and off the full amount', () => {
    const p = payment({ refunded: '1' })
    expect(refundChoices({ options: [option], payments: [p] }, p)).toEqual({ full: '11.5', excess: '1.5' })
    const done = payment({ refunded: '2.5' })
    expect(refundChoices({ options: [option], payments: [done] }, done)).toEqual({ full: '10', excess: null })
  })
  it('caps the excess at what is left of this payment, and offers nothing for a payment not confirmed', () => {
    const small = payment({ amount: '1' })
    expect(refundChoices({ options: [option], payments: [small] }, small)).toEqual({ full: '1', excess: '1' })
    const pending = payment({ status: 'confirming' })
    expect(refundChoices({ options: [option], payments: [pending] }, pending)).toBeNull()
  })
})
