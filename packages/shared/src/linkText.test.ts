import { describe, expect, it } from 'vitest'
import { checkoutTitle, formatRemaining, shortHex } from './linkText.js'

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

describe('checkoutTitle', () => {
  const option = { amount: '12', decimals: 6, symbol: 'TUSD' }
  const link = {
    options: [option],
    title: 'Coffee beans',
    status: 'open' as const,
    merchant: { displayName: 'Bean & Leaf' },
    merchantAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  }
  it('names the amount with its unit, the title and the merchant', () => {
    expect(checkoutTitle(link as never)).toBe('Pay 12 TUSD · Coffee beans · Bean & Leaf')
    expect(checkoutTitle({ ...link, status: 'paid' } as never)).toBe('Paid 12 TUSD · Coffee beans · Bean & Leaf')
  })
  it('falls back to the short address, and lists two options or counts more', () => {
    const eth = { amount: '9999.999912490173429597', decimals: 18, symbol: 'ETH' }
    expect(checkoutTitle({ ...link, merchant: { displayName: null }, options: [option, eth] } as never)).toBe('Pay 12 TUSD or 9,999.9999 ETH · Coffee beans · 0xf39F…2266')
    expect(checkoutTitle({ ...link, options: [option, eth, eth] } as never)).toBe('Pay 12 TUSD or 2 other ways · Coffee beans · Bean & Leaf')
  })
})
