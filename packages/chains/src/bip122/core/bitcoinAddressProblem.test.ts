import { bech32, bech32m } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { bitcoinAddressProblem } from './bitcoinAddressProblem.js'

const typo = 'This address has a typo (its checksum does not match)'
const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
// BIP-173 and BIP-350 test vectors.
const mainnetV0 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const mainnetV1 = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
const testnetV0 = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'
const program32 = new Uint8Array(32).fill(7)

describe('bitcoinAddressProblem', () => {
  it('accepts version 0 (bech32) and version 1 (bech32m) addresses, in one case or the other', () => {
    expect(bitcoinAddressProblem(mainnetV0)).toBeNull()
    expect(bitcoinAddressProblem(mainnetV0.toUpperCase())).toBeNull()
    expect(bitcoinAddressProblem(mainnetV1, mainnet)).toBeNull()
    expect(bitcoinAddressProblem(testnetV0)).toBeNull()
  })

  it('refuses a mistyped character, mixed case, and the wrong checksum kind for the version', () => {
    expect(bitcoinAddressProblem(mainnetV0.slice(0, -1) + '5')).toBe(typo)
    expect(bitcoinAddressProblem('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(typo)
    expect(bitcoinAddressProblem(bech32m.encode('bc', [0, ...bech32m.toWords(program32)]))).toBe(typo)
    expect(bitcoinAddressProblem(bech32.encode('bc', [1, ...bech32.toWords(program32)]))).toBe(typo)
  })

  it('refuses a witness program of a length its version cannot have', () => {
    expect(bitcoinAddressProblem(bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(21))]))).toBe(
      'is not a segwit address (its witness program has the wrong length)',
    )
  })

  it("refuses another network's address when the link's network is known", () => {
    expect(bitcoinAddressProblem(testnetV0, mainnet)).toBe(
      'is an address of another network (tb1…), not of Bitcoin mainnet (bc1…)',
    )
    expect(bitcoinAddressProblem(mainnetV0, regtest)).toBe(
      'is an address of another network (bc1…), not of Bitcoin regtest (bcrt1…)',
    )
    const regtestAddress = bech32.encode('bcrt', [0, ...bech32.toWords(program32)])
    expect(bitcoinAddressProblem(regtestAddress, regtest)).toBeNull()
  })

  it('refuses what is not a segwit address at all', () => {
    expect(bitcoinAddressProblem('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(
      'must be a Bitcoin address (bc1…, tb1…, bcrt1…)',
    )
  })
})
