import { describe, expect, it } from 'vitest'
import { bip122Core } from './index.js'

const regtest = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry'

describe('bip122Core', () => {
  it('accepts a 64-digit hex txid', () => {
    expect(bip122Core.transactionIdSchema.safeParse('Ab'.repeat(32)).success).toBe(true)
    expect(bip122Core.transactionIdSchema.safeParse('0x' + 'ab'.repeat(31)).success).toBe(false)
  })

  it('takes a segwit address as an address, and also a watch-only key as a recipient', () => {
    expect(bip122Core.addressSchema.safeParse(regtest).success).toBe(true)
    expect(bip122Core.addressSchema.safeParse('tpub' + 'D'.repeat(107)).error?.issues[0]?.message).toBe(
      'must be a Bitcoin address (bc1…, tb1…, bcrt1…)',
    )
    expect(bip122Core.recipientProblem(regtest)).toBeNull()
    expect(bip122Core.recipientProblem('tpub' + 'D'.repeat(107))).toBeNull()
    expect(bip122Core.recipientProblem('wpkh(tpubXYZ/0/*)#abcdefgh')).toBeNull()
    expect(bip122Core.recipientProblem('xprv9s21ZrQH143K')).toMatch(/^must be a Bitcoin address/)
  })

  it('signs in with the full CAIP-2 id and any address kind', () => {
    expect(bip122Core.signIn.readChainLine('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe(
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    )
    expect(bip122Core.signIn.addressProblem('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBeNull()
    expect(bip122Core.signIn.addressProblem('not an address')).toBe('is not a Bitcoin address')
  })
})
