import { formatAmount, formatUnits, type Asset } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { englishText } from '../../i18n/testing/englishText.js'
import { findShortfall, optionContext } from './usePayOption.js'
import { assetOption, checkoutConfig as config, eth, tusd } from './testing/checkoutFixtures.js'

interface Wallet {
  balance: bigint | null
  native: bigint | null
  error?: string
}

/** What is missing to pay `amount` of `asset` from `wallet` when the network fee is `fee`. */
const shortfall = (asset: Asset, amount: string, wallet: Wallet, fee: bigint, format = formatUnits) =>
  findShortfall(
    optionContext(assetOption(asset, amount), config)!,
    { error: null, ...wallet },
    fee,
    format,
    englishText,
  )

describe('findShortfall', () => {
  it('says nothing when the wallet has enough of the asset and the fee', () => {
    expect(shortfall(tusd, '10', { balance: 10_000_000n, native: 10n ** 18n }, 21_000n)).toBeNull()
  })
  it('names the asset, what the wallet has and what is needed', () => {
    expect(shortfall(tusd, '10', { balance: 9_999_999n, native: 10n ** 18n }, 1n)).toEqual({
      kind: 'asset',
      message: 'Not enough TUSD: this wallet has 9.999999, the payment needs 10.',
      exact: 'Not enough TUSD: this wallet has 9.999999, the payment needs 10.',
    })
  })
  it('reads amounts for people with formatAmount, every digit kept in `exact`', () => {
    const wallet = { balance: 9999_999912490173429597n, native: 9999_999912490173429597n }
    expect(shortfall(eth, '20000', wallet, 21_000n, formatAmount)).toEqual({
      kind: 'asset',
      message: 'Not enough ETH: this wallet has 9,999.99991249, the payment needs 20,000.',
      exact: 'Not enough ETH: this wallet has 9999.999912490173429597, the payment needs 20000.',
    })
  })
  it('counts the fee on top of a native payment', () => {
    expect(shortfall(eth, '1', { balance: 10n ** 18n, native: 10n ** 18n }, 1n)?.kind).toBe('fee')
  })
  it('needs the coin for gas when paying a token', () => {
    expect(shortfall(tusd, '1', { balance: 10n ** 9n, native: 0n }, 21_000n)?.message).toMatch(
      /Not enough ETH for the network fee/,
    )
  })
  it('does not guess when a balance could not be read', () => {
    expect(shortfall(tusd, '1', { balance: null, native: null, error: 'down' }, 1n)).toBeNull()
  })
})
