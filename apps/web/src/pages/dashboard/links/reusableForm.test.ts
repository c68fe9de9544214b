import type { Asset } from '@paylink/shared'
import { devnetEth as eth } from '@paylink/shared/testing/testNetworks'
import { describe, expect, it } from 'vitest'
import { checkLinkForm, type LinkFormValues } from './checkLinkForm.js'
import { newReusableForm } from './reusableForm.js'

const base: LinkFormValues = {
  title: 'Mug',
  description: '',
  options: [{ key: 'a', asset: eth.assetId, amount: '0.01', recipient: '' }],
  expiry: 'none',
  customExpiry: '',
  webhookUrl: '',
  successUrl: '',
  priceCurrency: '',
  priceAmount: '',
  tolerance: '',
  graceMinutes: '',
}
const assets: Asset[] = [eth]
const now = Date.parse('2026-01-01T12:00:00Z')

describe('the New link form, reusable part', () => {
  it('adds nothing while off', () => {
    expect(checkLinkForm({ ...base, reusable: { ...newReusableForm(), maxOrders: '5' } }, assets, now)).toEqual({
      ok: true,
      body: { title: 'Mug', options: [{ asset: eth.assetId, amount: '0.01' }] },
    })
  })

  it('sends stock, quantity and the asked fields as numbers and names', () => {
    const reusable = {
      ...newReusableForm(),
      on: true,
      maxOrders: '20',
      quantityMax: '4',
      fields: { name: 'optional', email: 'required', shippingAddress: 'off', note: 'off' } as const,
    }
    expect(checkLinkForm({ ...base, reusable }, assets, now)).toEqual({
      ok: true,
      body: {
        title: 'Mug',
        options: [{ asset: eth.assetId, amount: '0.01' }],
        reusable: true,
        maxOrders: 20,
        quantity: { min: 1, max: 4 },
        fields: [{ name: 'name' }, { name: 'email', required: true }],
      },
    })
  })

  it('makes a donation in the price currency without a price or option amounts; a wrong stock names its field', () => {
    const reusable = { ...newReusableForm(), on: true, donation: true, minimum: '5', suggested: '5, 10' }
    expect(checkLinkForm({ ...base, priceCurrency: 'USD', reusable }, assets, now)).toEqual({
      ok: true,
      body: {
        title: 'Mug',
        options: [{ asset: eth.assetId }],
        reusable: true,
        amount: 'payer',
        donation: { currency: 'USD', minimum: '5', suggested: ['5', '10'] },
      },
    })
    const wrong = checkLinkForm(
      { ...base, reusable: { ...newReusableForm(), on: true, maxOrders: 'ten' } },
      assets,
      now,
    )
    expect(wrong.ok ? null : wrong.errors.maxOrders).toBeTruthy()
  })
})
