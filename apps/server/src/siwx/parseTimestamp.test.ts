import { describe, expect, it } from 'vitest'
import { parseTimestamp } from './parseTimestamp.js'

describe('parseTimestamp', () => {
  it.each([
    ['2021-09-30T16:25:24.000Z', '2021-09-30T16:25:24.000Z'],
    ['2021-09-30T16:25:24Z', '2021-09-30T16:25:24.000Z'],
    ['2021-09-30T16:25:24-02:00', '2021-09-30T18:25:24.000Z'],
    ['2024-02-29T00:00:00.123456Z', '2024-02-29T00:00:00.123Z'],
  ])('reads %s', (text, iso) => {
    expect(parseTimestamp(text)?.toISOString()).toBe(iso)
  })

  it.each([
    'Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)',
    '2022-02-31T17:09:38.578Z',
    '2023-02-29T00:00:00Z',
    '2022-13-01T00:00:00Z',
    '2022-01-01T24:00:00Z',
    '2022-01-01T00:00:60Z',
    '2022-01-01T00:00:00',
    '2022-01-01 00:00:00Z',
    '2022-01-01T00:00:00+25:00',
    '1700000000',
    '',
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeNull()
  })
})
