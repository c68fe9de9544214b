import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../../i18n/testing/englishText.js'
import { Receipt } from './Receipt.js'
import { checkoutConfig, checkoutLink, DEPOSIT, pendingPayment, tokenOption } from './testing/checkoutFixtures.js'

const paid = (extra: Parameters<typeof tokenOption>[0] = {}, displayName: string | null = 'Bean & Leaf') =>
  checkoutLink([tokenOption({ paid: '1236.5', ...extra })], {
    status: 'paid',
    merchant: { displayName, logoUrl: null, brandColor: null },
    payments: [
      pendingPayment({ status: 'confirmed', counted: true, optionId: 'opt_tusd', amount: '1236.5', payer: '0xabc' }),
    ],
  })
const render = (link: ReturnType<typeof paid>) =>
  renderToStaticMarkup(
    inEnglish(createElement(MemoryRouter, null, createElement(Receipt, { link, config: checkoutConfig }))),
  )

describe('Receipt', () => {
  it('has a To line: the address the payment reached', () => {
    expect(render(paid())).toContain(
      `<dt>To</dt><dd><code class="receipt-long" dir="ltr" data-testid="receipt-to">${DEPOSIT}</code>`,
    )
  })
  it('names a merchant without a display name by the address paid, not by its main address', () => {
    const html = render(paid({}, null))
    expect(html).toContain('<dd data-testid="receipt-merchant">0x1111…1111</dd>')
  })
  it('says how an overpaid payer gets the surplus back: the merchant, by receipt number', () => {
    const html = render(paid({ overpaid: '2' }))
    expect(html).toContain('Overpaid by 2 TUSD.')
    expect(html).toContain('ask Bean &amp; Leaf for a refund, quoting receipt PL-0000-0000')
  })
  it('on Bitcoin, sends the payer to the refund page', () => {
    const bitcoin = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    const html = render(paid({ overpaid: '0.0001', caipNetworkId: bitcoin, asset: `${bitcoin}/slip44:0` }, null))
    expect(html).toContain('href="/pay/lnk_1/refund"')
    expect(html).toContain('give a refund address</a>; the merchant sends it there.')
  })
})
