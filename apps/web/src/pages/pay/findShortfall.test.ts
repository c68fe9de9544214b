import { formatAmount, formatUnits, type Asset } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { englishText } from '../../i18n/testing/englishText.js'
import { findShortfall, optionContext } from './usePayOption.js'
import { assetOption, checkoutConfig as config, eth, tusd } from './testing/checkoutFixtures.js'

const option = (asset: Asset, amount: string) => assetOption(asset, amount)

describe('findShortfall', () => {
  it('says nothing when the wallet has enough of the asset and the fee', () => {
    const ctx = optionContext(option(tusd, '10'), config)!
    expect(
      findShortfall(ctx, { balance: 10_000_000n, native: 10n ** 18n, error: null }, 21_000n, formatUnits, englishText),
    ).toBeNull()
  })
  it('names the asset, what the wallet has and what is needed', () => {
    const ctx = optionContext(option(tusd, '10'), config)!
    expect(
      findShortfall(ctx, { balance: 9_999_999n, native: 10n ** 18n, error: null }, 1n, formatUnits, englishText),
    ).toEqual({
      kind: 'asset',
      message: 'Not enough TUSD: this wallet has 9.999999, the payment needs 10.',
      exact: 'Not enough TUSD: this wallet has 9.999999, the payment needs 10.',
    })
  })
  it('reads amounts for people with formatAmount, every digit kept in `exact`', () => {
    const ctx = optionContext(option(eth, '20000'), config)!
    expect(
      findShortfall(
        ctx,
        { balance: 9999_999912490173429597n, native: 9999_999912490173429597n, error: null },
        21_000n,
        formatAmount,
        englishText,
      ),
    ).toEqual({
      kind: 'asset',
      message: 'Not enough ETH: this wallet has 9,999.99991249, the payment needs 20,000.',
      exact: 'Not enough ETH: this wallet has 9999.999912490173429597, the payment needs 20000.',
    })
  })
  it('counts the fee on top of a native payment', () => {
    const ctx = optionContext(option(eth, '1'), config)!
    expect(
      findShortfall(ctx, { balance: 10n ** 18n, native: 10n ** 18n, error: null }, 1n, formatUnits, englishText)?.kind,
    ).toBe('fee')
  })
  it('needs the coin for gas when paying a token', () => {
    const ctx = optionContext(option(tusd, '1'), config)!
    expect(
      findShortfall(ctx, { balance: 10n ** 9n, native: 0n, error: null }, 21_000n, formatUnits, englishText)?.message,
    ).toMatch(/Not enough ETH for the network fee/)
  })
  it('does not guess when a balance could not be read', () => {
    const ctx = optionContext(option(tusd, '1'), config)!
    expect(findShortfall(ctx, { balance: null, native: null, error: 'down' }, 1n, formatUnits, englishText)).toBeNull()
  })
})
