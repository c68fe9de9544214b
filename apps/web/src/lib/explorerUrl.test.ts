import { describe, expect, it } from 'vitest'
import { explorerUrl } from './explorerUrl.js'

describe('explorerUrl', () => {
  it('joins the explorer base, the kind and the id without a double slash', () => {
    expect(explorerUrl({ blockExplorerUrl: 'https://etherscan.io/' }, 'tx', '0xabc')).toBe(
      'https://etherscan.io/tx/0xabc',
    )
    expect(explorerUrl({ blockExplorerUrl: 'https://x.test' }, 'address', '0xdef')).toBe('https://x.test/address/0xdef')
  })
  it('is null for a network without an explorer (the devnet)', () => {
    expect(explorerUrl({ blockExplorerUrl: null }, 'tx', '0xabc')).toBeNull()
    expect(explorerUrl(undefined, 'tx', '0xabc')).toBeNull()
  })
})
