import { describe, expect, it } from 'vitest'
import { formatRemaining } from './formatRemaining.js'

describe('formatRemaining', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatRemaining(65_000)).toBe('1:05')
    expect(formatRemaining(999)).toBe('0:00')
  })
  it('adds hours, then days', () => {
    expect(formatRemaining(3_600_000 + 61_000)).toBe('01:01:01')
    expect(formatRemaining(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2 d 03:04:05')
  })
  it('is 0:00 once the time is up', () => {
    expect(formatRemaining(0)).toBe('0:00')
    expect(formatRemaining(-5000)).toBe('0:00')
  })
})
