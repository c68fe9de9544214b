import type { Asset } from '@paylink/shared'
import { devnetEth as eth } from '@paylink/shared/testing/testNetworks'
import { describe, expect, it } from 'vitest'
import { checkLinkForm, type LinkFormValues } from './checkLinkForm.js'
import { newReusableForm } from './reusableForm.js'

const tusd: Asset = {
  assetId: 'eip155:31337/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  caipNetworkId: 'eip155:31337',
  symbol: 'TUSD',
  name: 'Test USD',
  decimals: 6,
  native: false,
}
const now = Date.parse('2026-01-01T12:00:00Z')
const base: LinkFormValues = {
  title: 'Order 42',
  description: '',
  options: [{ key: 'a', asset: tusd.assetId, amount: ' 10 ', recipient: '' }],
  expiry: 'none',
  customExpiry: '',
  webhookUrl: '',
  successUrl: '',
  priceCurrency: '',
  priceAmount: '',
  tolerance: '',
  graceMinutes: '',
}

describe('checkLinkForm', () => {
  it('leaves empty optional fields out so the server applies its defaults', () => {
    expect(checkLinkForm(base, [eth, tusd], now)).toEqual({
      ok: true,
      body: { title: 'Order 42', options: [{ asset: tusd.assetId, amount: '10' }] },
    })
  })

  it('sends presets as seconds, a custom time as seconds from now, and the filled optional fields', () => {
    const preset = checkLinkForm(
      { ...base, expiry: '86400', webhookUrl: ' http://127.0.0.1:9/h ', description: 'Two mugs' },
      [tusd],
      now,
    )
    expect(preset).toMatchObject({
      ok: true,
      body: { expiresInSeconds: 86400, webhookUrl: 'http://127.0.0.1:9/h', description: 'Two mugs' },
    })
    expect(checkLinkForm({ ...base, successUrl: ' https://shop.example/thanks ' }, [tusd], now)).toMatchObject({
      ok: true,
      body: { successUrl: 'https://shop.example/thanks' },
    })
    expect(checkLinkForm({ ...base, successUrl: 'javascript:alert(1)' }, [tusd], now)).toMatchObject({
      ok: false,
      errors: { successUrl: expect.stringMatching(/http or https/) },
    })
    const inTwoHours = new Date(now + 2 * 3600_000)
    const local = `${inTwoHours.getFullYear()}-${String(inTwoHours.getMonth() + 1).padStart(2, '0')}-${String(inTwoHours.getDate()).padStart(2, '0')}T${String(inTwoHours.getHours()).padStart(2, '0')}:${String(inTwoHours.getMinutes()).padStart(2, '0')}`
    expect(checkLinkForm({ ...base, expiry: 'custom', customExpiry: local }, [tusd], now)).toMatchObject({
      ok: true,
      body: { expiresInSeconds: 7200 },
    })
  })

  it('puts each problem on its field: amount decimals per asset, a past custom expiry, a bad recipient', () => {
    const result = checkLinkForm(
      {
        ...base,
        options: [
          { key: 'a', asset: tusd.assetId, amount: '1.0000001', recipient: '' },
          { key: 'b', asset: eth.assetId, amount: '0.004', recipient: '0x12' },
        ],
        expiry: 'custom',
        customExpiry: '2020-01-01T00:00',
      },
      [eth, tusd],
      now,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        'options.0.amount': 'TUSD has 6 decimal places; "1.0000001" has more',
        'options.1.recipient': 'must be a 0x-prefixed 20-byte hex address',
        expiresInSeconds: 'must be in the future',
      },
    })
  })

  it("refuses on the amount field an amount above the chain's cap (2^128 of the smallest unit on EVM) before asking the server", () => {
    const result = checkLinkForm(
      { ...base, options: [{ key: 'a', asset: tusd.assetId, amount: '1' + '0'.repeat(33), recipient: '' }] },
      [tusd],
      now,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        'options.0.amount':
          'is too large (an EVM amount is at most 2^128 of the smallest unit, far above any coin or token in use)',
      },
    })
  })

  it('prices a link in a fiat currency with options naming only an asset, with tolerance and late grace', () => {
    const fiat = checkLinkForm(
      { ...base, priceCurrency: 'EUR', priceAmount: ' 12.50 ', tolerance: '1', graceMinutes: '30' },
      [eth, tusd],
      now,
    )
    expect(fiat).toEqual({
      ok: true,
      body: {
        title: 'Order 42',
        price: { currency: 'EUR', amount: '12.50' },
        options: [{ asset: tusd.assetId }],
        underpaymentTolerancePercent: '1',
        latePaymentGraceSeconds: 1800,
      },
    })
  })

  it('says "is required" on an empty price, and refuses a tolerance above 10 % and a grace that is not whole minutes', () => {
    const result = checkLinkForm(
      { ...base, priceCurrency: 'USD', priceAmount: '', tolerance: '12', graceMinutes: '1.5' },
      [tusd],
      now,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors['price.amount'], 'the price field').toBe('is required')
    expect(result.errors.underpaymentTolerancePercent, 'the tolerance field').toMatch(/from 0 to 10/)
    expect(result.errors.latePaymentGraceSeconds, 'the grace field').toMatch(/whole number of minutes/)
    const yen = checkLinkForm({ ...base, priceCurrency: 'JPY', priceAmount: '1500.5' }, [tusd], now)
    expect(yen.ok || yen.errors['price.amount']).toMatch(/JPY has 0 decimal places/)
  })

  it('refuses an empty custom expiry instead of sending no expiry', () => {
    expect(checkLinkForm({ ...base, expiry: 'custom' }, [tusd], now)).toEqual({
      ok: false,
      errors: { expiresInSeconds: 'pick a date and time' },
    })
  })
})

describe('the New link form, reusable part', () => {
  it('adds nothing while off', () => {
    expect(checkLinkForm({ ...base, reusable: { ...newReusableForm(), maxOrders: '5' } }, [tusd], now)).toEqual({
      ok: true,
      body: { title: 'Order 42', options: [{ asset: tusd.assetId, amount: '10' }] },
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
    expect(checkLinkForm({ ...base, reusable }, [tusd], now)).toEqual({
      ok: true,
      body: {
        title: 'Order 42',
        options: [{ asset: tusd.assetId, amount: '10' }],
        reusable: true,
        maxOrders: 20,
        quantity: { min: 1, max: 4 },
        fields: [{ name: 'name' }, { name: 'email', required: true }],
      },
    })
  })

  it('makes a donation in the price currency without a price or option amounts; a wrong stock names its field', () => {
    const reusable = { ...newReusableForm(), on: true, donation: true, minimum: '5', suggested: '5, 10' }
    expect(checkLinkForm({ ...base, priceCurrency: 'USD', reusable }, [tusd], now)).toEqual({
      ok: true,
      body: {
        title: 'Order 42',
        options: [{ asset: tusd.assetId }],
        reusable: true,
        amount: 'payer',
        donation: { currency: 'USD', minimum: '5', suggested: ['5', '10'] },
      },
    })
    const wrong = checkLinkForm(
      { ...base, reusable: { ...newReusableForm(), on: true, maxOrders: 'ten' } },
      [tusd],
      now,
    )
    expect(wrong.ok ? null : wrong.errors.maxOrders).toBeTruthy()
  })

  it('marks a donation in the price currency as a point of sale; without a currency the box names its field', () => {
    const reusable = { ...newReusableForm(), on: true, donation: true, pos: true }
    const made = checkLinkForm({ ...base, priceCurrency: 'EUR', reusable }, [tusd], now)
    expect(made.ok ? made.body : made.errors).toMatchObject({
      amount: 'payer',
      donation: { currency: 'EUR' },
      pos: true,
    })
    const noCurrency = checkLinkForm({ ...base, reusable }, [tusd], now)
    expect(noCurrency.ok ? null : noCurrency.errors.pos).toMatch(/needs "amount": "payer" and a "donation.currency"/)
  })
})
