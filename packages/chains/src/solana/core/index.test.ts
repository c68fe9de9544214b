import { describe, expect, it } from 'vitest'
import { solanaCore } from './index.js'

const wallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('solanaCore', () => {
  it('accepts a base58 signature and keeps its case', () => {
    expect(solanaCore.transactionIdSchema.safeParse('5'.repeat(88)).success).toBe(true)
    expect(solanaCore.transactionIdSchema.safeParse('0'.repeat(88)).error?.issues[0]?.message).toBe(
      'must be a base58 transaction signature',
    )
    expect(solanaCore.caseSensitiveTransactionIds).toBe(true)
  })

  it('takes a base58 public key as recipient', () => {
    expect(solanaCore.recipientProblem(wallet)).toBeNull()
    expect(solanaCore.recipientProblem('0x' + 'a'.repeat(40))).toBe('must be a Solana address (a base58 public key)')
  })

  it('signs in with the full CAIP-2 id and a 32-byte key', () => {
    const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect(solanaCore.signIn.chainLine(mainnet)).toBe(mainnet)
    expect(solanaCore.signIn.readChainLine(mainnet)).toBe(mainnet)
    expect(solanaCore.signIn.readChainLine('bip122:000000000019d6689c085ae165831e93')).toBeNull()
    expect(solanaCore.signIn.chainLineRule).toBe('must be a solana: CAIP-2 id for a Solana account')
    expect(solanaCore.signIn.addressProblem(wallet)).toBeNull()
    expect(solanaCore.signIn.addressProblem('0OIl')).toBe('is not base58')
    expect(solanaCore.signIn.addressProblem('abc')).toBe('is not a 32-byte Solana public key')
  })
})
