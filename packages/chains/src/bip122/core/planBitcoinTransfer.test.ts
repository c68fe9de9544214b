import { describe, expect, it } from 'vitest'
import { bitcoinFeeRate } from './bitcoinFeeRate.js'
import { bitcoinTransferVsize } from './bitcoinTransferVsize.js'
import { InsufficientBitcoinError } from './InsufficientBitcoinError.js'
import { planBitcoinTransfer } from './planBitcoinTransfer.js'

const coin = (value: bigint, txid = 'a'.repeat(64), vout = 0) => ({ txid, vout, value })

describe('planBitcoinTransfer', () => {
  it('pays from the largest coin with change when the change is above dust', () => {
    const plan = planBitcoinTransfer({
      coins: [coin(10_000n, 'b'.repeat(64)), coin(1_000_000n)],
      amount: 100_000n,
      feeRate: 3n,
    })
    expect(plan.inputs.map((c) => c.value)).toEqual([1_000_000n])
    expect(plan.vsize).toBe(bitcoinTransferVsize({ inputs: 1, recipients: 1, change: true }))
    expect(plan.vsize).toBe(153)
    expect(plan.fee).toBe(459n)
    expect(plan.change).toBe(1_000_000n - 100_000n - 459n)
  })

  it('adds coins until they cover amount and fee; a remainder below dust goes to the fee', () => {
    const plan = planBitcoinTransfer({
      coins: [coin(60_000n, 'c'.repeat(64)), coin(50_000n, 'd'.repeat(64))],
      amount: 109_500n,
      feeRate: 1n,
    })
    expect(plan.inputs).toHaveLength(2)
    expect(plan.change).toBe(0n)
    expect(plan.fee).toBe(500n)
    expect(plan.fee).toBeGreaterThanOrEqual(BigInt(plan.vsize))
  })

  it('refuses what the coins cannot pay, saying how much is there', () => {
    expect(() => planBitcoinTransfer({ coins: [coin(1000n)], amount: 1000n, feeRate: 1n })).toThrow(
      InsufficientBitcoinError,
    )
    expect(() => planBitcoinTransfer({ coins: [], amount: 1n, feeRate: 1n })).toThrow(/holds 0 sats/)
    expect(() => planBitcoinTransfer({ coins: [coin(1000n)], amount: 0n, feeRate: 1n })).toThrow(RangeError)
  })
})

describe('bitcoinFeeRate', () => {
  it('takes the next-block estimate, rounded up, at least 1 sat/vB', () => {
    expect(bitcoinFeeRate({ '1': 2.1, '6': 1 })).toBe(3n)
    expect(bitcoinFeeRate({ '2': 5 })).toBe(5n)
    expect(bitcoinFeeRate({})).toBe(1n)
    expect(bitcoinFeeRate({ '1': 0.2 })).toBe(1n)
  })
})
