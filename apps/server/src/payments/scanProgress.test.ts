import { describe, expect, it } from 'vitest'
import { resumeHeight } from './scanProgress.js'

describe('resumeHeight', () => {
  it('starts at the head when nothing was scanned, or the saved height is not below the head (a reset chain)', () => {
    expect(resumeHeight(100n, null, 50)).toBe(99n)
    expect(resumeHeight(100n, 100n, 50)).toBe(99n)
    expect(resumeHeight(100n, 250n, 50)).toBe(99n)
  })
  it('resumes after the saved height, at most catchUpBlocks below the head', () => {
    expect(resumeHeight(100n, 80n, 50)).toBe(80n)
    expect(resumeHeight(100n, 10n, 50)).toBe(50n)
  })
})
