import { describe, expect, it } from 'vitest'
import { groupToolkitErrors } from './groupToolkitErrors.js'

describe('groupToolkitErrors', () => {
  it('keeps one line per distinct error event with how often and when it came, and skips other events', () => {
    const initError = { type: 'error', event: 'INTERNAL_SDK_ERROR', detail: 'UniversalProviderInitError: aborted' }
    const groups = groupToolkitErrors([
      { at: 1, ...initError },
      { at: 2, type: 'track', event: 'MODAL_OPEN' },
      { at: 3, ...initError },
      { at: 4, type: 'error', event: 'INTERNAL_SDK_ERROR', detail: 'UniversalProviderInitError: other' },
      { at: 5, ...initError },
    ])
    expect(groups).toEqual([
      { event: 'INTERNAL_SDK_ERROR', detail: 'UniversalProviderInitError: aborted', firstAt: 1, lastAt: 5, times: 3 },
      { event: 'INTERNAL_SDK_ERROR', detail: 'UniversalProviderInitError: other', firstAt: 4, lastAt: 4, times: 1 },
    ])
  })
})
