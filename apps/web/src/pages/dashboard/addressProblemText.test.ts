import { describe, expect, it } from 'vitest'
import { addressProblemText } from './addressProblemText.js'

describe('addressProblemText', () => {
  it('names the field before a fragment and leaves a sentence alone', () => {
    expect(addressProblemText('Recipient', 'must be a Solana address')).toBe('Recipient: must be a Solana address')
    expect(addressProblemText('Recipient', 'This address has a typo (its checksum does not match)')).toBe(
      'This address has a typo (its checksum does not match)',
    )
  })
})
