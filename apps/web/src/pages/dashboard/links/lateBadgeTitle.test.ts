import { describe, expect, it } from 'vitest'
import { lateBadgeTitle } from './lateBadgeTitle.js'

describe('lateBadgeTitle', () => {
  it('says a late payment counted when it did (within the grace window)', () => {
    expect(lateBadgeTitle({ counted: true, status: 'confirmed' }, 600)).toBe(
      'Mined after the link expired, within its late-payment grace: counted',
    )
  })
  it('says recorded, not counted, for a confirmed late payment outside the grace, or with no grace', () => {
    expect(lateBadgeTitle({ counted: false, status: 'confirmed' }, 600)).toBe(
      'Mined after the link expired: recorded, not counted',
    )
    expect(lateBadgeTitle({ counted: false, status: 'confirming' }, 0)).toBe(
      'Mined after the link expired: recorded, not counted',
    )
  })
  it('promises nothing yet for one still confirming on a link with grace', () => {
    expect(lateBadgeTitle({ counted: false, status: 'confirming' }, 600)).toMatch(
      /counts only if mined within its late-payment grace, once confirmed$/,
    )
  })
})
