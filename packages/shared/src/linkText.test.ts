import { describe, expect, it } from 'vitest'
import { formatRemaining, shortHex } from './linkText.js'

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

describe('shortHex', () => {
  it('keeps the prefix, the first and the last characters', () => {
    expect(shortHex('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
  })
  it('leaves short values alone', () => {
    expect(shortHex('0x1234')).toBe('0x1234')
  })
})
