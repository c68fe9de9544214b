import { describe, expect, it } from 'vitest'
import { lapsedQuote } from './useRequote.js'

const option = (quoteExpiresAt: string | null) => ({ quoteExpiresAt }) as never
const at = (iso: string) => new Date(iso).getTime()

describe('lapsedQuote', () => {
  const link = {
    price: { currency: 'USD' as const, amount: '12.00' },
    status: 'open' as const,
    options: [option('2030-01-01T00:15:00Z'), option('2030-01-01T00:10:00Z')],
  }
  it('names the earliest quote whose window has passed on an open fiat-priced link', () => {
    expect(lapsedQuote(link, at('2030-01-01T00:09:59Z'))).toBe('')
    expect(lapsedQuote(link, at('2030-01-01T00:10:00Z'))).toBe('2030-01-01T00:10:00Z')
    expect(lapsedQuote(link, at('2030-01-01T00:20:00Z'))).toBe('2030-01-01T00:10:00Z')
  })
  it('asks nothing of paid, expired or fixed-amount links', () => {
    const late = at('2030-01-01T01:00:00Z')
    expect(lapsedQuote({ ...link, status: 'paid' }, late)).toBe('')
    expect(lapsedQuote({ ...link, status: 'expired' }, late)).toBe('')
    expect(lapsedQuote({ ...link, price: null }, late)).toBe('')
    expect(lapsedQuote(undefined, late)).toBe('')
  })
})
