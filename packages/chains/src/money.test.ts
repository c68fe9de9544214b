import { describe, expect, it } from 'vitest'
import { formatEstimate, formatUnits, parseUnits } from './money.js'

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

describe('formatEstimate', () => {
  it('rounds up to four significant digits', () => {
    expect(formatEstimate(56102732455636n, 18)).toBe('0.00005611')
    expect(formatEstimate(56100000000000n, 18)).toBe('0.0000561')
    expect(formatEstimate(99999n, 18)).toBe('0.0000000000001')
    expect(formatEstimate(1234567890000000000n, 18)).toBe('1.235')
    expect(formatEstimate(1234567n, 6, 2)).toBe('1.3')
  })
  it('keeps small amounts exact and refuses negative ones', () => {
    expect(formatEstimate(0n, 18)).toBe('0')
    expect(formatEstimate(1234n, 18)).toBe('0.000000000000001234')
    expect(() => formatEstimate(-1n, 18)).toThrow(RangeError)
  })
})
