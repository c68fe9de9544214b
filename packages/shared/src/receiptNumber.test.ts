import { describe, expect, it } from 'vitest'
import { receiptNumber } from './receiptNumber.js'

describe('receiptNumber', () => {
  it('writes the first 40 bits in Crockford base32 as PL-XXXX-XXXX', () => {
    expect(receiptNumber(new Uint8Array([0, 0, 0, 0, 0]))).toBe('PL-0000-0000')
    expect(receiptNumber(new Uint8Array([255, 255, 255, 255, 255, 1]))).toBe('PL-ZZZZ-ZZZZ')
    // 0x0884210841 = 00001 00010 00010 00010 00010 00010 00010 00001 in 5-bit groups.
    expect(receiptNumber(new Uint8Array([0x08, 0x84, 0x21, 0x08, 0x41]))).toBe('PL-1222-2221')
  })
  it('refuses a digest shorter than 5 bytes', () => {
    expect(() => receiptNumber(new Uint8Array(4))).toThrow(RangeError)
  })
})
