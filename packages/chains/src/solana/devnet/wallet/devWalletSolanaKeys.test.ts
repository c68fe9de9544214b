import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { devWalletSolanaKey } from './devWalletSolanaKeys.js'

describe('devWalletSolanaKey', () => {
  it('gives the same key for an index every time, another for another index', () => {
    expect(devWalletSolanaKey(0).address).toBe(devWalletSolanaKey(0).address)
    expect(devWalletSolanaKey(1).address).not.toBe(devWalletSolanaKey(0).address)
  })

  it('gives a public key that verifies what the secret key signs', () => {
    const key = devWalletSolanaKey(0)
    expect(base58.decode(key.address)).toEqual(key.publicKey)
    const message = new TextEncoder().encode('hello')
    expect(ed25519.verify(ed25519.sign(message, key.secretKey), message, key.publicKey)).toBe(true)
  })

  it('refuses a negative or fractional index', () => {
    expect(() => devWalletSolanaKey(-1)).toThrow(RangeError)
    expect(() => devWalletSolanaKey(0.5)).toThrow(RangeError)
  })
})
