import { describe, expect, it } from 'vitest'
import { priceHeld } from './priceHeld.js'
import { checkoutLink, tokenOption } from './testing/checkoutFixtures.js'

const now = Date.parse('2026-11-26T20:00:00Z')
const quoted = (minutes: number) =>
  tokenOption({ rate: '1', rateSource: 'peg', quoteExpiresAt: new Date(now + minutes * 60_000 + 32_000).toISOString() })
const fiatLink = (options = [quoted(14)], status: 'open' | 'paid' = 'open') =>
  checkoutLink(options, { price: { currency: 'USD', amount: '12.00' }, status })

describe('priceHeld', () => {
  it('says how long the earliest quote holds, and when it renews', () => {
    const held = priceHeld(fiatLink([quoted(20), quoted(14)]), now)
    expect(held?.left).toBe('14:32')
    expect(held?.at).toBe(new Date(now + 14 * 60_000 + 32_000).toISOString())
  })
  it('says nothing for a link priced in its assets, a paid link, or a lapsed quote (a new one is on its way)', () => {
    expect(priceHeld(checkoutLink([quoted(14)]), now)).toBeNull()
    expect(priceHeld(fiatLink([quoted(14)], 'paid'), now)).toBeNull()
    expect(priceHeld(fiatLink([quoted(-1)]), now)).toBeNull()
  })
})
