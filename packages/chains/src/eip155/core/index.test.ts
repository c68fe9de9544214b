import { describe, expect, it } from 'vitest'
import { eip155Core } from './index.js'

const checksummed = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

describe('eip155Core', () => {
  it('accepts a 0x hash and refuses anything else with the API message', () => {
    expect(eip155Core.transactionIdSchema.safeParse('0x' + 'Ab'.repeat(32)).success).toBe(true)
    const refused = eip155Core.transactionIdSchema.safeParse('ab'.repeat(32))
    expect(refused.error?.issues[0]?.message).toBe('must be a 0x-prefixed 32-byte hex transaction hash')
  })

  it('takes a 20-byte hex recipient in any case', () => {
    expect(eip155Core.recipientProblem(checksummed.toLowerCase())).toBeNull()
    expect(eip155Core.recipientProblem('0x12')).toBe('must be a 0x-prefixed 20-byte hex address')
  })

  it('names an account by its EIP-55 form and compares lowercase', () => {
    expect(eip155Core.canonicalAddress(checksummed.toLowerCase())).toBe(checksummed)
    expect(() => eip155Core.canonicalAddress('0x12')).toThrow()
    expect(eip155Core.addressKey(checksummed)).toBe(checksummed.toLowerCase())
  })

  it('writes and reads the bare EIP-155 chain id in sign-in text, and wants the checksum there', () => {
    expect(eip155Core.signIn.chainLine('eip155:31337')).toBe('31337')
    expect(eip155Core.signIn.readChainLine('31337')).toBe('eip155:31337')
    expect(eip155Core.signIn.readChainLine('eip155:1')).toBeNull()
    expect(eip155Core.signIn.readChainLine('01')).toBeNull()
    expect(eip155Core.signIn.addressProblem(checksummed)).toBeNull()
    expect(eip155Core.signIn.addressProblem(checksummed.toLowerCase())).toBe('is not written with its EIP-55 checksum')
    expect(eip155Core.signIn.addressProblem('0x12')).toBe('is not an Ethereum address')
  })
})
