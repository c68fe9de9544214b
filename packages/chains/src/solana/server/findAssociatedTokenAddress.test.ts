import { describe, expect, it } from 'vitest'
import { findAssociatedTokenAddress } from './findAssociatedTokenAddress.js'

describe('findAssociatedTokenAddress', () => {
  it('derives the SPL associated token account (values from @solana-program/token findAssociatedTokenPda)', async () => {
    const { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } = await import('@solana-program/token')
    const { address } = await import('@solana/kit')
    const pairs = [
      ['mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      ['11111111111111111111111111111111', 'So11111111111111111111111111111111111111112'],
      ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
    ] as const
    for (const [owner, mint] of pairs) {
      const [expected] = await findAssociatedTokenPda({
        owner: address(owner),
        mint: address(mint),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      expect(findAssociatedTokenAddress(owner, mint), `${owner} / ${mint}`).toBe(expected)
    }
  })

  it('refuses what is not a public key', () => {
    expect(() => findAssociatedTokenAddress('0xabc', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toThrow(
      /not a Solana public key/,
    )
  })
})
