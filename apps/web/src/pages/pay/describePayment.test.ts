import { paymentReasons } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import type { Payment } from '@paylink/shared'
import { englishText } from '../../i18n/testing/englishText.js'
import { describePayment as describePaymentIn, reasonText } from './describePayment.js'
import { pendingPayment } from './testing/checkoutFixtures.js'

const describePayment = (payment: Payment) => describePaymentIn(payment, englishText)
const base = pendingPayment({ requiredConfirmations: 3 })

describe('describePayment', () => {
  it('walks submitted -> detected with n of N -> confirmed', () => {
    expect(describePayment(base).step).toBe('submitted')
    const confirming = describePayment({ ...base, status: 'confirming', confirmations: 1, blockNumber: '12' })
    expect(confirming).toMatchObject({
      step: 'detected',
      headline: 'Detected, confirming 1 of 3',
      detail: 'In block 12.',
    })
    expect(describePayment({ ...base, status: 'confirmed', confirmations: 3 })).toMatchObject({
      step: 'confirmed',
      headline: 'Confirmed',
    })
  })

  it('a payment confirming in no block yet (a Bitcoin mempool) reads 0 of N and says it waits for a block', () => {
    expect(
      describePayment({ ...base, status: 'confirming', confirmations: 0, requiredConfirmations: 1, blockNumber: null }),
    ).toEqual({
      step: 'detected',
      headline: 'Detected, confirming 0 of 1',
      detail: 'Seen in the mempool, not in a block yet: it counts once confirmed.',
    })
  })

  it('never shows more confirmations than required', () => {
    expect(describePayment({ ...base, status: 'confirming', confirmations: 9 }).headline).toBe(
      'Detected, confirming 3 of 3',
    )
  })

  it('explains a failure with its reason and flags a late payment', () => {
    expect(describePayment({ ...base, status: 'failed', reason: 'wrong_recipient' })).toMatchObject({
      step: 'failed',
      detail: "The transaction paid another address than the merchant's.",
    })
    expect(describePayment({ ...base, status: 'confirmed', late: true }).headline).toMatch(/after the link expired/)
  })

  it('has a sentence for every reason the server can give', () => {
    for (const reason of paymentReasons) expect(englishText(reasonText[reason])).toMatch(/\.$/)
  })
})
