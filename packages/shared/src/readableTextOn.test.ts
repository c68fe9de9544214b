import { describe, expect, it } from 'vitest'
import { contrastRatio, readableTextOn } from './readableTextOn.js'

describe('readableTextOn', () => {
  it('picks white on dark and black on light brand colours', () => {
    expect(readableTextOn('#1a237e')).toBe('#ffffff')
    expect(readableTextOn('#ffeb3b')).toBe('#000000')
  })
  it('reaches 4.5:1 for every colour on a coarse grid, the mid greys included', () => {
    const steps = ['00', '33', '66', '77', '88', '99', 'cc', 'ff']
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const colour = `#${r}${g}${b}`
          expect(contrastRatio(colour, readableTextOn(colour)), colour).toBeGreaterThanOrEqual(4.5)
        }
  })
  it('computes the WCAG ratio (black on white is 21:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
  })
})
