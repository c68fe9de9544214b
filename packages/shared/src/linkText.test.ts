import { describe, expect, it } from 'vitest'
import { checkoutTitle, formatRemaining, merchantLabel, payeeAddress, shortHex } from './linkText.js'

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
    expect(checkoutTitle(link as never)).toBe('Pay 12 TUSD · Coffee beans · Bean & Leaf')
    expect(checkoutTitle({ ...link, status: 'paid' } as never)).toBe('Paid 12 TUSD · Coffee beans · Bean & Leaf')
  })
  it('falls back to the short address, and lists two options or counts more', () => {
    const eth = { ...option, amount: '9999.999912490173429597', decimals: 18, symbol: 'ETH' }
    expect(checkoutTitle({ ...link, merchant: { displayName: null }, options: [option, eth] } as never)).toBe(
      'Pay 12 TUSD or 9,999.99991249 ETH · Coffee beans · 0xf39F…2266',
    )
    expect(checkoutTitle({ ...link, options: [option, eth, eth] } as never)).toBe(
      'Pay 12 TUSD or 2 other ways · Coffee beans · Bean & Leaf',
    )
  })
})

describe('payeeAddress and merchantLabel: never an address of another chain', () => {
  const merchantAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const btc = {
    caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    recipient:
      'wpkh(tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M/0/*)#2ag6nxcd',
    depositAddress: 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry',
  }
  const evm = {
    caipNetworkId: 'eip155:31337',
    recipient: merchantAddress,
    depositAddress: '0x00000000000000000000000000000000000000d1',
  }
  const sol = {
    caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    recipient: '7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q',
    depositAddress: null,
  }

  it("a BTC link shows the option's own derived address, not the merchant's EVM sign-in address", () => {
    expect(payeeAddress({ options: [btc] })).toBe(btc.depositAddress)
    expect(merchantLabel({ merchant: { displayName: null }, options: [btc] })).toBe(
      `bcrt1q…${btc.depositAddress.slice(-4)}`,
    )
  })
  it('an EVM link shows its recipient; a plain Bitcoin address as recipient is shown as is', () => {
    expect(payeeAddress({ options: [evm, { ...evm, caipNetworkId: 'eip155:31338' }] })).toBe(merchantAddress)
    expect(payeeAddress({ options: [{ ...btc, recipient: btc.depositAddress, depositAddress: null }] })).toBe(
      btc.depositAddress,
    )
  })
  it('options paying different addresses (EVM and Solana) show none: the display name, else "Merchant"', () => {
    expect(payeeAddress({ options: [evm, sol] })).toBeNull()
    expect(merchantLabel({ merchant: { displayName: null }, options: [evm, sol] })).toBe('Merchant')
    expect(merchantLabel({ merchant: { displayName: 'Bean & Leaf' }, options: [btc] })).toBe('Bean & Leaf')
  })
})
