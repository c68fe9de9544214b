import { describe, expect, it } from 'vitest'
import { formatUnits, parseUnits } from './money.js'

describe('parseUnits / formatUnits', () => {
  it('round-trips decimal strings through atomic units', () => {
    expect(parseUnits('12.5', 6)).toBe(12_500_000n)
    expect(formatUnits(12_500_000n, 6)).toBe('12.5')
    expect(parseUnits('10000', 18)).toBe(10_000n * 10n ** 18n)
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(0n, 6)).toBe('0')
  })
  it('refuses malformed amounts and excess precision', () => {
    for (const bad of ['', '1e3', '-1', '01', '1.', '.5', ' 1', '1,5', 'NaN']) {
      expect(() => parseUnits(bad, 6), bad).toThrow(RangeError)
    }
    expect(() => parseUnits('0.0000001', 6)).toThrow(/more than 6 decimal places/)
  })
})
