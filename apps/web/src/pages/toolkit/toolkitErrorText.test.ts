import { describe, expect, it } from 'vitest'
import { toolkitErrorText } from './toolkitErrorText.js'

describe('toolkitErrorText', () => {
  it('reads the original error behind a toolkit wrapper', () => {
    const inner = new Error('Failed to disconnect chains: Failed to disconnect chain bip122: wallet said no')
    const outer = Object.assign(new Error('Failed to disconnect'), { originalError: inner })
    expect(toolkitErrorText(outer)).toBe(
      'Failed to disconnect — Failed to disconnect chains: Failed to disconnect chain bip122: wallet said no',
    )
  })
  it('keeps the first line only and skips repeats', () => {
    const e = Object.assign(new Error('Adapter not found\n    at stack'), { cause: new Error('Adapter not found') })
    expect(toolkitErrorText(e)).toBe('Adapter not found')
    expect(toolkitErrorText('plain')).toBe('plain')
  })
})
