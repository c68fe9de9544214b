import { describe, expect, it } from 'vitest'
import { formatAmount } from './formatAmount.js'

describe('formatAmount', () => {
  it('groups thousands and cuts an 18-decimal balance to 4 decimals without rounding it up', () => {
    expect(formatAmount(9999999912490173429597n, 18)).toBe('9,999.9999')
    expect(formatAmount(9999999999999999999999n, 18)).toBe('9,999.9999')
  })
  it('writes whole amounts without a fraction and drops trailing zeros', () => {
    expect(formatAmount(12_000_000n, 6)).toBe('12')
    expect(formatAmount(1_234_500_000n, 6)).toBe('1,234.5')
    expect(formatAmount(0n, 18)).toBe('0')
    expect(formatAmount(1_000_000_000_000_000_000_000_000n, 18)).toBe('1,000,000')
  })
  it('keeps significant digits of an amount below the shown precision instead of writing 0', () => {
    expect(formatAmount(12345678n, 18)).toBe('0.00000000001234')
    expect(formatAmount(1n, 8)).toBe('0.00000001')
    expect(formatAmount(100n, 6)).toBe('0.0001')
  })
  it('honours other precisions and negative amounts', () => {
    expect(formatAmount(123456789n, 8, { maxFraction: 8 })).toBe('1.23456789')
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5')
    expect(formatAmount(5n, 0)).toBe('5')
  })
})
