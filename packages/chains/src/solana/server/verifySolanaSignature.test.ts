import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { verifySolanaSignature } from './verifySolanaSignature.js'

const secret = ed25519.utils.randomPrivateKey()
const address = base58.encode(ed25519.getPublicKey(secret))
const message = 'localhost:3000 wants you to sign in with your Solana account:\n' + address
const signed = ed25519.sign(new TextEncoder().encode(message), secret)

describe('verifySolanaSignature', () => {
  it('accepts a base58 signature', () => {
    expect(verifySolanaSignature({ message, address, signature: base58.encode(signed) })).toBe(true)
  })

  it('accepts a base64 signature', () => {
    expect(verifySolanaSignature({ message, address, signature: base64.encode(signed) })).toBe(true)
  })

  it('refuses another key, another message, a flipped bit, garbage', () => {
    const other = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    expect(verifySolanaSignature({ message, address: other, signature: base58.encode(signed) })).toBe(false)
    expect(verifySolanaSignature({ message: `${message}!`, address, signature: base58.encode(signed) })).toBe(false)
    const flipped = Uint8Array.from(signed)
    flipped[10]! ^= 1
    expect(verifySolanaSignature({ message, address, signature: base58.encode(flipped) })).toBe(false)
    expect(verifySolanaSignature({ message, address, signature: '0OIl' })).toBe(false)
    expect(verifySolanaSignature({ message, address, signature: '' })).toBe(false)
    expect(verifySolanaSignature({ message, address: 'not base58 0', signature: base58.encode(signed) })).toBe(false)
  })
})
