import { describe, expect, it } from 'vitest'
import { optionDue, optionDueAtomic } from './optionDue.js'

describe('optionDue', () => {
  it('is the whole amount before anything is paid', () => {
    expect(optionDue({ amount: '10', paid: '0', confirming: '0', decimals: 6 })).toBe('10')
  })
  it('subtracts what is confirmed and what is confirming, in atomic units', () => {
    expect(optionDueAtomic({ amount: '10', paid: '2.5', confirming: '0.000001', decimals: 6 })).toBe(7_499_999n)
    expect(optionDue({ amount: '0.004', paid: '0.001', confirming: '0', decimals: 18 })).toBe('0.003')
  })
  it('is zero, never negative, once overpaid', () => {
    expect(optionDueAtomic({ amount: '1', paid: '1.5', confirming: '0', decimals: 18 })).toBe(0n)
  })
})
