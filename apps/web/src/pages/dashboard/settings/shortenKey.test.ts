import { describe, expect, it } from 'vitest'
import { shortenKey } from './shortenKey.js'

describe('shortenKey', () => {
  it('keeps the script, origin and key type at the start and the end of the key with the checksum', () => {
    const key = `wpkh([73c5da0a/84'/1'/0']tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M/0/*)#2fn0m8qk`
    const short = shortenKey(key)
    expect(short.startsWith("wpkh([73c5da0a/84'/1'/0']tpubDC8msF…")).toBe(true)
    expect(short.endsWith('…sP4zbQ1M/0/*)#2fn0m8qk')).toBe(true)
    expect(short.length).toBeLessThan(key.length / 2 + 20)
  })
  it('shortens a bare key the same way, and leaves a short text as it is', () => {
    expect(
      shortenKey(
        'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M',
      ),
    ).toBe('tpubDC8msF…sP4zbQ1M')
    expect(shortenKey('wpkh(x/0/*)')).toBe('wpkh(x/0/*)')
  })
})
