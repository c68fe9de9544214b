import { describe, expect, it } from 'vitest'
import { ChainNotSupportedError } from '@paylink/chains/eip155/web'
import { describeWalletError } from './walletErrors.js'

describe('describeWalletError', () => {
  it('turns EIP-1193 codes into sentences', () => {
    expect(describeWalletError({ code: 4001, message: 'x' })).toBe('You declined the request in your wallet.')
    expect(describeWalletError({ code: 4200, message: 'x' })).toBe('The wallet does not support this request.')
  })
  it("keeps a wrapper's own sentence even when its cause is a refusal", () => {
    expect(describeWalletError(new ChainNotSupportedError({ code: 4001 }))).toBe('Chain is not supported')
  })
  it("describes what AppKit's wrapper wraps, not its generic sentence", () => {
    const wrapped = Object.assign(new Error('Failed to disconnect'), {
      originalError: new Error('Failed to disconnect chain bip122: Wallet is busy'),
    })
    expect(describeWalletError(wrapped)).toBe('Failed to disconnect chain bip122: Wallet is busy')
    expect(
      describeWalletError(
        Object.assign(new Error('Failed to switch'), { originalError: { code: 4001, message: 'x' } }),
      ),
    ).toBe('You declined the request in your wallet.')
  })
  it("prefers viem's short message and shows only the first line", () => {
    expect(describeWalletError({ shortMessage: 'Short.', message: 'Long\nstack' })).toBe('Short.')
    expect(describeWalletError(new Error('First line\nsecond'))).toBe('First line')
  })
})
