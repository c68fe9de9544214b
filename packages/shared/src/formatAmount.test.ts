import { describe, expect, it } from 'vitest'
import { formatAmount } from './formatAmount.js'

describe('formatAmount', () => {
  it('groups thousands and cuts an 18-decimal balance to 8 decimals without rounding it up', () => {
    expect(formatAmount(9999999912490173429597n, 18)).toBe('9,999.99991249')
    expect(formatAmount(9999999999999999999999n, 18)).toBe('9,999.99999999')
  })
  it('shows an asset of up to 8 decimals to its last unit: a BTC quote or balance is never cut', () => {
    expect(formatAmount(16667n, 8)).toBe('0.00016667')
    expect(formatAmount(999899541n, 8)).toBe('9.99899541')
    expect(formatAmount(12_345_678n, 6)).toBe('12.345678')
    expect(formatAmount(66_666_667n, 9)).toBe('0.06666666')
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
    expect(formatAmount(100n, 18, { maxFraction: 4 })).toBe('0.0000000000000001')
  })
  it('honours other precisions and negative amounts', () => {
    expect(formatAmount(123456789n, 8, { maxFraction: 8 })).toBe('1.23456789')
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5')
    expect(formatAmount(5n, 0)).toBe('5')
  })
})
