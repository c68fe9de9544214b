import { describe, expect, it } from 'vitest'
import { receiptNumberOfLink } from './receiptNumberOfLink.js'

describe('receiptNumberOfLink', () => {
  it('is stable per link, differs between links and has the PL-XXXX-XXXX shape', () => {
    const a = receiptNumberOfLink('lnk_AAAAAAAAAAAAAAAAAAAAAA')
    expect(a).toMatch(/^PL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(receiptNumberOfLink('lnk_AAAAAAAAAAAAAAAAAAAAAA')).toBe(a)
    expect(receiptNumberOfLink('lnk_AAAAAAAAAAAAAAAAAAAAAB')).not.toBe(a)
  })
})
