import { describe, expect, it } from 'vitest'
import { AppKitOptionsError, checkAppKitOptions } from './checkAppKitOptions.js'

describe('checkAppKitOptions', () => {
  it("refuses siweConfig together with siwx in the toolkit's words", () => {
    expect(() => checkAppKitOptions({ siweConfig: {}, siwx: {} })).toThrow(new AppKitOptionsError('Cannot set both `siweConfig` and `siwx` options'))
  })
  it('accepts either one alone, or neither', () => {
    expect(() => checkAppKitOptions({ siwx: {} })).not.toThrow()
    expect(() => checkAppKitOptions({ siweConfig: {} })).not.toThrow()
    expect(() => checkAppKitOptions({})).not.toThrow()
  })
})
