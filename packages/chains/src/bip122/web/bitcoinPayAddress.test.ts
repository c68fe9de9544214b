import { describe, expect, it } from 'vitest'
import { bitcoinPayAddress } from './bitcoinPayAddress.js'

const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M'

describe('bitcoinPayAddress', () => {
  it("pays the link's own address when there is one (derived from the merchant's key)", () => {
    expect(
      bitcoinPayAddress({
        recipient: TPUB,
        depositAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
        paymentUri: null,
      }),
    ).toBe('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')
  })

  it('else the address of the BIP21 URI', () => {
    expect(
      bitcoinPayAddress({
        recipient: TPUB,
        depositAddress: null,
        paymentUri: 'bitcoin:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx?amount=0.001&label=Shop',
      }),
    ).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')
  })

  it('else a plain-address recipient; never an extended key or a descriptor', () => {
    expect(
      bitcoinPayAddress({
        recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        depositAddress: null,
        paymentUri: null,
      }),
    ).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(bitcoinPayAddress({ recipient: TPUB, depositAddress: null, paymentUri: null })).toBeNull()
    expect(bitcoinPayAddress({ recipient: `wpkh(${TPUB}/0/*)`, depositAddress: null, paymentUri: null })).toBeNull()
  })
})
