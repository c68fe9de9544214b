import { describe, expect, it } from 'vitest'
import { isWebNamespace, webFamilies, webFamilyOf } from './web.js'

describe('the web registry', () => {
  it('finds a family by namespace or by network id, and refuses one it has no face for', () => {
    expect(webFamilyOf('eip155:1').namespace).toBe('eip155')
    expect(webFamilyOf('solana').namespace).toBe('solana')
    expect(() => webFamilyOf('cosmos:cosmoshub-4')).toThrow(/no web face for the cosmos/)
    expect(isWebNamespace('bip122')).toBe(true)
    expect(isWebNamespace('cosmos')).toBe(false)
  })

  it('lists each namespace once', () => {
    const namespaces = webFamilies.map((f) => f.namespace)
    expect(new Set(namespaces).size).toBe(namespaces.length)
  })
})

describe('the families’ refund parts', () => {
  const recipient = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
  it('EVM: the wallet the option pays, whatever the letter case; Solana: the same address exactly', () => {
    const evm = webFamilyOf('eip155').refund
    expect(evm.isMerchantWallet(recipient.toLowerCase(), recipient)).toBe(true)
    expect(evm.isMerchantWallet(undefined, recipient)).toBe(false)
    const solana = webFamilyOf('solana').refund
    expect(solana.isMerchantWallet('So1ana', 'so1ana')).toBe(false)
    expect(evm.askAddress).toBeNull()
  })

  it('Bitcoin: any connected wallet, to a typed segwit address, recorded with more patience', () => {
    const bitcoin = webFamilyOf('bip122').refund
    expect(bitcoin.isMerchantWallet('bcrt1qanything', 'tpubD6Nz...')).toBe(true)
    expect(bitcoin.isMerchantWallet(undefined, 'tpubD6Nz...')).toBe(false)
    expect(bitcoin.askAddress?.problem('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBeNull()
    expect(bitcoin.askAddress?.problem('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toMatch(/a Bitcoin address such as/)
    expect(bitcoin.recordTries).toBeGreaterThan(webFamilyOf('eip155').refund.recordTries)
  })
})

describe('the families’ Send form parts', () => {
  it('ask for a fee only for something shaped like their own addresses', () => {
    expect(webFamilyOf('eip155').send.looksLikeAddress('0x' + 'a'.repeat(40))).toBe(true)
    expect(webFamilyOf('eip155').send.looksLikeAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(false)
    expect(webFamilyOf('bip122').send.looksLikeAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(true)
    expect(webFamilyOf('solana').send.looksLikeAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(true)
    expect(webFamilyOf('solana').send.looksLikeAddress('0x' + 'a'.repeat(40))).toBe(false)
  })

  it('Bitcoin shows the exact fee in sats, the others an estimate', () => {
    const coin = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
    expect(webFamilyOf('bip122').send.feeText({ fee: 141n, rent: 0n }, coin)).toBe(
      '0.00000141 BTC (141 sat, exactly what the transaction pays)',
    )
    expect(
      webFamilyOf('eip155').send.feeText({ fee: 21_000n, rent: 0n }, { ...coin, symbol: 'ETH', decimals: 18 }),
    ).toMatch(/^≈ .* ETH$/)
  })
})
