import { describe, expect, it } from 'vitest'
import { ConfigError } from './errors.js'
import { readResetRequest } from './readResetRequest.js'

describe('readResetRequest', () => {
  it('is off by default', () => {
    expect(readResetRequest([], {})).toBe(false)
    expect(readResetRequest(['--other'], { PAYLINK_RESET: '' })).toBe(false)
    expect(readResetRequest([], { PAYLINK_RESET: '0' })).toBe(false)
  })

  it('is on with --reset or PAYLINK_RESET=1', () => {
    expect(readResetRequest(['--reset'], {})).toBe(true)
    expect(readResetRequest([], { PAYLINK_RESET: '1' })).toBe(true)
  })

  it('refuses another PAYLINK_RESET value, naming the variable', () => {
    expect(() => readResetRequest([], { PAYLINK_RESET: 'yes' })).toThrow(
      new ConfigError('PAYLINK_RESET must be 0 or 1 (got "yes")'),
    )
  })
})
