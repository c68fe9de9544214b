import { describe, expect, it } from 'vitest'
import { nextTabIndex } from './nextTabIndex.js'

describe('nextTabIndex', () => {
  it('moves right and left, wrapping at both ends', () => {
    expect(nextTabIndex('ArrowRight', 0, 2)).toBe(1)
    expect(nextTabIndex('ArrowRight', 1, 2)).toBe(0)
    expect(nextTabIndex('ArrowLeft', 0, 2)).toBe(1)
    expect(nextTabIndex('ArrowLeft', 2, 3)).toBe(1)
  })
  it('goes to the first with Home and the last with End', () => {
    expect(nextTabIndex('Home', 2, 3)).toBe(0)
    expect(nextTabIndex('End', 0, 3)).toBe(2)
  })
  it('leaves other keys (Tab, Enter, letters) to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a', 'ArrowDown']) expect(nextTabIndex(key, 0, 2)).toBeNull()
  })
  it('has nothing to select without tabs', () => {
    expect(nextTabIndex('ArrowRight', 0, 0)).toBeNull()
  })
})
