import { describe, expect, it } from 'vitest'
import { chargeableAmount, pressKey, type PosKey } from './keypad.js'

const typeKeys = (keys: PosKey[], decimals = 2) => keys.reduce((typed, key) => pressKey(typed, key, decimals), '')

describe('POS keypad', () => {
  it('types an amount with at most the currency’s minor digits', () => {
    expect(typeKeys(['1', '2', '.', '5', '0', '9'])).toBe('12.50')
    expect(typeKeys(['.', '5'])).toBe('0.5')
    expect(typeKeys(['0', '0', '7'])).toBe('7')
    expect(typeKeys(['1', '.', '.', '2'])).toBe('1.2')
    expect(typeKeys(['5', '00'])).toBe('500')
    expect(typeKeys(['1', '.', '00', '00'])).toBe('1.00')
    expect(typeKeys(['1', '2', 'back', 'back', 'back'])).toBe('')
  })

  it('takes no point in a currency without minor units, and at most nine whole digits', () => {
    expect(typeKeys(['1', '.', '5'], 0)).toBe('15')
    expect(typeKeys(Array.from({ length: 12 }, () => '9' as const))).toBe('999999999')
  })

  it('charges only an amount above zero', () => {
    expect([chargeableAmount(''), chargeableAmount('0'), chargeableAmount('0.00'), chargeableAmount('0.')]).toEqual([
      null,
      null,
      null,
      null,
    ])
    expect([chargeableAmount('12.'), chargeableAmount('0.05')]).toEqual(['12', '0.05'])
  })
})
