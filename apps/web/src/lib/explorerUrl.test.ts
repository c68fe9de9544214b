import { describe, expect, it } from 'vitest'
import { explorerUrl, shortHex } from './explorerUrl.js'

describe('explorerUrl', () => {
  it('joins the explorer base, the kind and the id without a double slash', () => {
    expect(explorerUrl({ blockExplorerUrl: 'https://etherscan.io/' }, 'tx', '0xabc')).toBe('https://etherscan.io/tx/0xabc')
    expect(explorerUrl({ blockExplorerUrl: 'https://x.test' }, 'address', '0xdef')).toBe('https://x.test/address/0xdef')
  })
  it('is null for a network without an explorer (the devnet)', () => {
    expect(explorerUrl({ blockExplorerUrl: null }, 'tx', '0xabc')).toBeNull()
    expect(explorerUrl(undefined, 'tx', '0xabc')).toBeNull()
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
