import { describe, expect, it } from 'vitest'
import { groupDigits } from './groupDigits.js'

describe('groupDigits', () => {
  it('groups the whole part by thousands', () => {
    expect(groupDigits('1234567')).toBe('1,234,567')
    expect(groupDigits('1000')).toBe('1,000')
    expect(groupDigits('999')).toBe('999')
    expect(groupDigits('0')).toBe('0')
  })
  it('keeps every digit of the fraction (nothing is rounded)', () => {
    expect(groupDigits('1234.000000000000000001')).toBe('1,234.000000000000000001')
    expect(groupDigits('0.004')).toBe('0.004')
  })
})
