import { describe, expect, it } from 'vitest'
import { estimateBitcoinFee } from './estimateBitcoinFee.js'

const P2WPKH = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const P2TR = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'
const P2WSH = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'
const LEGACY = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'

describe('estimateBitcoinFee', () => {
  it('one P2WPKH coin paying a P2WPKH address with change: 11 + 68 + 31 + 31 = 141 vB', () => {
    expect(estimateBitcoinFee({ utxos: [1_000_000n], amount: 100_000n, feeRate: 2, from: P2WPKH, to: P2WPKH })).toEqual({ fee: 282n, vbytes: 141, inputs: 1, enough: true })
  })

  it('spends the largest coins first, only as many as needed', () => {
    const estimate = estimateBitcoinFee({ utxos: [10_000n, 60_000n, 50_000n], amount: 100_000n, feeRate: 1, from: P2WPKH, to: P2WPKH })
    expect(estimate).toMatchObject({ inputs: 2, vbytes: 11 + 2 * 68 + 31 + 31, enough: true })
  })

  it('the output size follows the recipient script (Taproot 43 vB, P2WSH 43 vB, legacy 34 vB)', () => {
    const at = (to: string) => estimateBitcoinFee({ utxos: [1_000_000n], amount: 1000n, feeRate: 1, from: P2WPKH, to }).vbytes
    expect(at(P2TR) - at(P2WPKH)).toBe(12)
    expect(at(P2WSH) - at(P2WPKH)).toBe(12)
    expect(at(LEGACY) - at(P2WPKH)).toBe(3)
  })

  it('a Taproot payer spends 58 vB inputs', () => {
    expect(estimateBitcoinFee({ utxos: [1_000_000n], amount: 1000n, feeRate: 1, from: P2TR, to: P2WPKH }).vbytes).toBe(11 + 58 + 31 + 43)
  })

  it('no change output when the change would be dust: the rest goes to the fee', () => {
    // 100_000 + 110 vB fee at 1 sat/vB leaves 100 sats: not worth an output.
    expect(estimateBitcoinFee({ utxos: [100_210n], amount: 100_000n, feeRate: 1, from: P2WPKH, to: P2WPKH })).toEqual({ fee: 210n, vbytes: 110, inputs: 1, enough: true })
  })

  it('rounds a fractional fee up', () => {
    expect(estimateBitcoinFee({ utxos: [1_000_000n], amount: 1000n, feeRate: 1.01, from: P2WPKH, to: P2WPKH }).fee).toBe(143n)
  })

  it('not enough coins: says so, with the fee of spending them all (or one input when there are none)', () => {
    expect(estimateBitcoinFee({ utxos: [50_000n, 40_000n], amount: 100_000n, feeRate: 1, from: P2WPKH, to: P2WPKH })).toEqual({ fee: 178n, vbytes: 178, inputs: 2, enough: false })
    expect(estimateBitcoinFee({ utxos: [], amount: 1n, feeRate: 1, from: P2WPKH, to: P2WPKH })).toMatchObject({ inputs: 0, enough: false, vbytes: 110 })
  })
})
