import { describe, expect, it } from 'vitest'
import { checkoutTitle, formatRemaining, merchantLabel, shortHex, type CheckoutWords } from './linkText.js'

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

// The English catalogue's messages, as the pages' formatter writes them.
const english: CheckoutWords = {
  locale: 'en',
  t: (id, v = {}) =>
    ({
      'title.pay': `Pay ${v.amounts} · ${v.title} · ${v.merchant}`,
      'title.paid': `Paid ${v.amounts} · ${v.title} · ${v.merchant}`,
      'title.amounts': v.others === 1 ? `${v.first} or ${v.second}` : `${v.first} or ${v.others} other ways`,
      'merchant.unnamed': 'Paylink merchant',
    })[id],
}

describe('checkoutTitle', () => {
  const option = {
    amount: '12',
    decimals: 6,
    symbol: 'TUSD',
    caipNetworkId: 'eip155:31337',
    recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    depositAddress: '0x00000000000000000000000000000000000000d1',
  }
  const link = {
    options: [option],
    title: 'Coffee beans',
    status: 'open' as const,
    merchant: { displayName: 'Bean & Leaf' },
    merchantAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  }
  it('names the amount with its unit, the title and the merchant', () => {
    expect(checkoutTitle(link as never, english)).toBe('Pay 12 TUSD · Coffee beans · Bean & Leaf')
    expect(checkoutTitle({ ...link, status: 'paid' } as never, english)).toBe(
      'Paid 12 TUSD · Coffee beans · Bean & Leaf',
    )
  })
  it('falls back to a neutral name (never the address), and lists two options or counts more', () => {
    const eth = { ...option, amount: '9999.999912490173429597', decimals: 18, symbol: 'ETH' }
    expect(checkoutTitle({ ...link, merchant: { displayName: null }, options: [option, eth] } as never, english)).toBe(
      'Pay 12 TUSD or 9,999.99991249 ETH · Coffee beans · Paylink merchant',
    )
    expect(checkoutTitle({ ...link, options: [option, eth, eth] } as never, english)).toBe(
      'Pay 12 TUSD or 2 other ways · Coffee beans · Bean & Leaf',
    )
  })
  it("writes amounts with the payer's separators, every digit kept", () => {
    const eth = { ...option, amount: '1234.5', decimals: 18, symbol: 'ETH' }
    expect(checkoutTitle({ ...link, options: [eth] } as never, { ...english, locale: 'de-DE' })).toBe(
      'Pay 1.234,5 ETH · Coffee beans · Bean & Leaf',
    )
  })
})

describe('merchantLabel: a name, never an address that looks payable', () => {
  const evm = {
    caipNetworkId: 'eip155:31337',
    recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    depositAddress: '0x00000000000000000000000000000000000000d1',
  }

  it('is the display name when the merchant set one', () => {
    expect(merchantLabel({ merchant: { displayName: 'Bean & Leaf' } })).toBe('Bean & Leaf')
  })
  it("is a neutral name without one: never the merchant's main address, which pays no option with a deposit address", () => {
    expect(merchantLabel({ merchant: { displayName: null } })).toBe('Paylink merchant')
    expect(merchantLabel({ merchant: { displayName: '' } })).toBe('Paylink merchant')
    const title = checkoutTitle(
      {
        title: 'Beans',
        status: 'open',
        merchant: { displayName: null },
        merchantAddress: evm.recipient,
        options: [{ ...evm, amount: '12', decimals: 6, symbol: 'TUSD' }],
      } as never,
      english,
    )
    expect(title).toBe('Pay 12 TUSD · Beans · Paylink merchant')
    expect(title).not.toContain('0xf39F')
  })
})
