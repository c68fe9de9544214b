import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { evmRecipientProblem } from './evmRecipientProblem.js'

const checksummed = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
/** One letter's case flipped: the same hex digits, a checksum that no longer matches. */
const recased = checksummed.replace('Ee7A', 'ee7A')

describe('evmRecipientProblem', () => {
  it('accepts an address written with its EIP-55 checksum', () => {
    expect(getAddress(checksummed)).toBe(checksummed)
    expect(evmRecipientProblem(checksummed)).toBeNull()
  })

  it('accepts all-lowercase and all-uppercase hex, which carry no checksum', () => {
    expect(evmRecipientProblem(checksummed.toLowerCase())).toBeNull()
    expect(evmRecipientProblem('0x' + checksummed.slice(2).toUpperCase())).toBeNull()
  })

  it('refuses a mixed-case address whose checksum does not match', () => {
    expect(evmRecipientProblem(recased)).toBe('This address has a typo (its checksum does not match)')
    // A mistyped digit in a checksummed address: the case pattern no longer fits the digits.
    const mistyped = checksummed.slice(0, 10) + (checksummed[10] === '1' ? '2' : '1') + checksummed.slice(11)
    expect(evmRecipientProblem(mistyped)).toBe('This address has a typo (its checksum does not match)')
  })

  it('refuses what is not 20 bytes of hex', () => {
    expect(evmRecipientProblem('0x12')).toBe('must be a 0x-prefixed 20-byte hex address')
    expect(evmRecipientProblem(checksummed.slice(2))).toBe('must be a 0x-prefixed 20-byte hex address')
  })
})
