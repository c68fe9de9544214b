import { describe, expect, it } from 'vitest'
import { embedQuery, isEmbedMessage } from './messages.js'
import { claimedShopOrigin } from './useEmbedReport.js'

describe('embedded checkout messages', () => {
  it('the checkout believes only a framed embed=1 page naming a bare origin', () => {
    const shop = 'http://127.0.0.1:4000'
    expect(claimedShopOrigin(`?${embedQuery(shop)}`, true)).toBe(shop)
    // Not framed (opened as a page), not in embed mode, or an origin that is more than an origin: no one to tell.
    expect(claimedShopOrigin(`?${embedQuery(shop)}`, false)).toBeNull()
    expect(claimedShopOrigin(`?origin=${encodeURIComponent(shop)}`, true)).toBeNull()
    for (const origin of ['https://shop.example.com/path', '*', 'null', 'javascript:alert(1)', ''])
      expect(claimedShopOrigin(`?embed=1&origin=${encodeURIComponent(origin)}`, true), origin).toBeNull()
  })

  it('embed.js takes only its own message shapes', () => {
    expect(isEmbedMessage({ paylink: 'embed', type: 'paid', linkId: 'lnk_a' })).toBe(true)
    for (const other of [
      null,
      'paid',
      { type: 'paid', linkId: 'lnk_a' },
      { paylink: 'embed', type: 'refunded', linkId: 'lnk_a' },
      { paylink: 'embed', type: 'paid', linkId: 7 },
    ])
      expect(isEmbedMessage(other), JSON.stringify(other)).toBe(false)
  })
})
