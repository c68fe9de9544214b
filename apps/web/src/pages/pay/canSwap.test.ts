import { describe, expect, it } from 'vitest'
import { canSwap } from './canSwap.js'

describe('canSwap', () => {
  it('offers the Swap view on a network the toolkit swaps on, with a project id', () => {
    expect(canSwap('a'.repeat(32), 'eip155:1')).toBe(true)
    expect(canSwap('a'.repeat(32), 'eip155:8453')).toBe(true)
  })
  it('never without a project id (swaps need Reown’s cloud)', () => {
    expect(canSwap(null, 'eip155:1')).toBe(false)
  })
  it('never on the devnet, which the toolkit cannot swap on', () => {
    expect(canSwap('a'.repeat(32), 'eip155:31337')).toBe(false)
  })
})
