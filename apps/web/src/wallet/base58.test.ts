import { describe, expect, it } from 'vitest'
import { base58 } from './base58.js'

describe('base58', () => {
  it('encodes like Bitcoin and Solana do', () => {
    expect(base58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
    expect(base58(new Uint8Array([0, 0, 1]))).toBe('112')
    expect(base58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })
})
