import { describe, expect, it } from 'vitest'
import { checkOrderBody } from './checkOrderBody.js'

const form = {
  quantity: { min: 1, max: 5 },
  fields: [{ name: 'email' as const, required: true }, { name: 'note' as const }],
}

describe('checkOrderBody', () => {
  it('keeps a quantity in range and the asked fields', () => {
    expect(checkOrderBody(form, { quantity: 3, payer: { email: 'a@b.co', note: 'gift' } })).toEqual({
      quantity: 3,
      payer: { email: 'a@b.co', note: 'gift' },
    })
  })
  it('defaults to the least quantity, and to 1 on a link without a range', () => {
    expect(checkOrderBody(form, { payer: { email: 'a@b.co' } }).quantity).toBe(1)
    expect(checkOrderBody(null, {})).toEqual({ quantity: 1, payer: {} })
  })
  it('refuses a quantity out of range, a missing required field and a field not asked for', () => {
    expect(() => checkOrderBody(form, { quantity: 6, payer: { email: 'a@b.co' } })).toThrow(/from 1 to 5/)
    expect(() => checkOrderBody(null, { quantity: 2 })).toThrow(/1 at a time/)
    expect(() => checkOrderBody(form, { quantity: 1 })).toThrow(/payer.email: is required/)
    expect(() => checkOrderBody(form, { payer: { email: 'a@b.co', name: 'Ann' } })).toThrow(
      /payer.name: this link does not ask/,
    )
  })
})
