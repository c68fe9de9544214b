import { describe, expect, it } from 'vitest'
import { AppKitOptionsError, checkAppKitOptions, type CheckedAppKitOptions } from './checkAppKitOptions.js'

describe('checkAppKitOptions', () => {
  it("refuses siweConfig together with siwx in the toolkit's words", () => {
    expect(() => checkAppKitOptions({ siweConfig: {}, siwx: {} })).toThrow(
      new AppKitOptionsError('Cannot set both `siweConfig` and `siwx` options'),
    )
  })

  // The function returns nothing: its whole effect is to throw or not. Each case names what it
  // proves; the `undefined`-valued keys are what a spread of optional settings produces, and a
  // check written as `'siwx' in options` would wrongly refuse them.
  const cases: Array<[name: string, options: CheckedAppKitOptions, refused: boolean]> = [
    ['siwx alone', { siwx: {} }, false],
    ['siweConfig alone', { siweConfig: {} }, false],
    ['neither', {}, false],
    ['siwx with siweConfig: undefined', { siwx: {}, siweConfig: undefined }, false],
    ['siweConfig with siwx: undefined', { siweConfig: {}, siwx: undefined }, false],
    ['both, one of them null (set, though empty)', { siweConfig: null, siwx: {} }, true],
  ]
  it.each(cases)('%s -> refused: %s', (_name, options, refused) => {
    let thrown: unknown
    try {
      checkAppKitOptions(options)
    } catch (error) {
      thrown = error
    }
    if (refused) expect(thrown).toBeInstanceOf(AppKitOptionsError)
    else expect(thrown).toBeUndefined()
  })
})
