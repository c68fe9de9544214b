import { describe, expect, it } from 'vitest'
import { formatFiatLocal, localizeDecimal } from './localNumbers.js'

describe('localizeDecimal', () => {
  it('swaps only the separators, keeping every digit of the amount', () => {
    expect(localizeDecimal('9,999.999912490173429597', 'de')).toBe('9.999,999912490173429597')
    expect(localizeDecimal('1,234.5', 'en')).toBe('1,234.5')
    expect(localizeDecimal('1,234.5', 'zh-CN')).toBe('1,234.5')
    expect(localizeDecimal('1,234.5', 'ar-u-nu-latn')).toMatch(/^1.234.5$/)
    expect(localizeDecimal('0.000000000012345', 'tr')).toBe('0,000000000012345')
  })
})

describe('formatFiatLocal', () => {
  it('writes the currency the locale way without rounding the decimal string', () => {
    expect(formatFiatLocal('1250.00', 'EUR', 'de')).toBe('1.250,00\u00a0€')
    expect(formatFiatLocal('12.50', 'USD', 'en')).toBe('$12.50')
    expect(formatFiatLocal('90071992547409.93', 'USD', 'en')).toBe('$90,071,992,547,409.93')
  })
})
