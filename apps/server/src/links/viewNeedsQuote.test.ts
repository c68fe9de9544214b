import { describe, expect, it } from 'vitest'
import { viewNeedsQuote } from './viewNeedsQuote.js'

const now = new Date('2026-11-25T12:00:00Z')
const later = '2026-11-25T12:10:00Z'
const earlier = '2026-11-25T11:50:00Z'
const view = (
  over: Partial<Parameters<typeof viewNeedsQuote>[0]> = {},
  quotes: Array<string | null> = [later, later],
) => ({
  price: { currency: 'USD' as const, amount: '12.00' },
  status: 'open' as const,
  expiresAt: null,
  options: quotes.map((quoteExpiresAt) => ({ quoteExpiresAt })) as unknown as Parameters<
    typeof viewNeedsQuote
  >[0]['options'],
  ...over,
})

describe('viewNeedsQuote', () => {
  it('asks for quotes when an option has none or its quote lapsed', () => {
    expect(viewNeedsQuote(view({}, [later, null]), now), 'an option never quoted').toBe(true)
    expect(viewNeedsQuote(view({}, [earlier, later]), now), 'an option whose quote lapsed').toBe(true)
    expect(viewNeedsQuote(view({}, [now.toISOString(), later]), now), 'a quote ending now').toBe(true)
    expect(viewNeedsQuote(view({ status: 'partially_paid' }, [null]), now), 'a partially paid link').toBe(true)
  })

  it('asks nothing of fixed-price, quoted, paid or expired links', () => {
    expect(viewNeedsQuote(view({}, [later, later]), now), 'every quote live').toBe(false)
    expect(viewNeedsQuote(view({ price: null }, [null]), now), 'a fixed-price link').toBe(false)
    expect(viewNeedsQuote(view({ status: 'paid' }, [null]), now), 'a paid link').toBe(false)
    expect(viewNeedsQuote(view({ status: 'expired' }, [null]), now), 'an expired link').toBe(false)
    expect(viewNeedsQuote(view({ expiresAt: earlier }, [null]), now), 'a link past its expiry').toBe(false)
  })
})
