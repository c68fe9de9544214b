import { parseRate } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { medianRate } from './medianRate.js'

const r = (source: string, rate: string) => ({ source, rate: parseRate(rate) })

describe('medianRate', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even count', () => {
    const odd = medianRate([r('a', '3000'), r('b', '3010'), r('c', '2990')], '5')
    expect(odd).toMatchObject({ ok: true, rate: parseRate('3000'), used: ['a', 'b', 'c'], dropped: [] })
    const even = medianRate([r('a', '3000'), r('b', '3010'), r('c', '2990'), r('d', '3001')], '5')
    expect(even).toMatchObject({ ok: true, rate: parseRate('3000.5') })
  })

  it('drops a source more than X% from the median, says how far, and takes the median of the rest', () => {
    const picked = medianRate([r('a', '3000'), r('b', '3010'), r('c', '3300'), r('d', '2990')], '5')
    // First median 3005; 3300 is 9.81% away.
    expect(picked).toMatchObject({ ok: true, rate: parseRate('3000'), used: ['a', 'b', 'd'] })
    expect(picked.dropped).toEqual([{ source: 'c', rate: parseRate('3300'), deviationPercent: '9.81' }])
    // Exactly at the limit stays: 5% of 3000 is 150.
    expect(medianRate([r('a', '3000'), r('b', '3150'), r('c', '2850')], '5')).toMatchObject({
      ok: true,
      used: ['a', 'b', 'c'],
    })
    // A tighter limit drops it.
    expect(medianRate([r('a', '3000'), r('b', '3150'), r('c', '3001')], '2.5').dropped.map((d) => d.source)).toEqual([
      'b',
    ])
  })

  it('refuses with fewer than two answers, or fewer than two that agree', () => {
    expect(medianRate([], '5')).toMatchObject({ ok: false, reason: expect.stringMatching(/no rate source answered/) })
    expect(medianRate([r('a', '3000')], '5')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/only one rate source answered/),
    })
    const split = medianRate([r('a', '3000'), r('b', '4000')], '5')
    expect(split).toMatchObject({ ok: false, reason: expect.stringMatching(/disagree by more than 5%/) })
    expect(split.dropped.map((d) => d.source).sort()).toEqual(['a', 'b'])
  })
})
