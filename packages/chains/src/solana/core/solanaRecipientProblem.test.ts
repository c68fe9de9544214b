import { describe, expect, it } from 'vitest'
import { solanaOffCurveMessage, solanaRecipientProblem } from './solanaRecipientProblem.js'

/** A wallet (a public key on the curve). */
const wallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
/** That wallet's associated token account for the Token program id as mint: a program-derived address, off the curve. */
const tokenAccount = '8TUBQQ1pboB1XTqPkFfn2cN8kUdMEDqzNxzFpCsW6HCg'

describe('solanaRecipientProblem', () => {
  it('accepts a wallet address (on the ed25519 curve)', () => {
    expect(solanaRecipientProblem(wallet)).toBeNull()
    expect(solanaRecipientProblem('11111111111111111111111111111111')).toBeNull()
  })

  it('refuses a program-derived address as the owner', () => {
    expect(solanaRecipientProblem(tokenAccount)).toBe(solanaOffCurveMessage)
  })

  it('refuses what is not a 32-byte base58 key', () => {
    expect(solanaRecipientProblem('0x' + 'a'.repeat(40))).toBe('must be a Solana address (a base58 public key)')
    expect(solanaRecipientProblem(wallet.slice(0, 30))).toBe('must be a Solana address (a base58 public key)')
    expect(solanaRecipientProblem(wallet.replace('9', '0'))).toBe('must be a Solana address (a base58 public key)')
  })
})
