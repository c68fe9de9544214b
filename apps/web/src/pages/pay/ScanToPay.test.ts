import type { Link, LinkOption } from '@paylink/shared'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../../i18n/testing/englishText.js'
import { ScanToPay } from './ScanToPay.js'
import {
  checkoutConfig as config,
  checkoutLink as link,
  DEPOSIT,
  pendingPayment,
  TOKEN_URI,
  tokenOption as tokenOptionOf,
} from './testing/checkoutFixtures.js'

// The panel's first render, as markup (no browser here): what it offers and what it leaves out.
// Clicks, keys, the clipboard and the phone layout are in e2e/specs/scan-panel.spec.ts.

const tokenOption = tokenOptionOf()
const noUri: LinkOption = {
  ...tokenOption,
  id: 'opt_none',
  caipNetworkId: 'eip155:31338',
  asset: 'eip155:31338/slip44:60',
  symbol: 'ETH',
  paymentUri: null,
  depositAddress: null,
}

const render = (l: Link) => renderToStaticMarkup(inEnglish(createElement(ScanToPay, { link: l, config })))

describe('ScanToPay', () => {
  it('draws the QR of exactly the URI, links it for a wallet, and shows the facts to copy', () => {
    const html = render(link([tokenOption, noUri]))
    expect(html).toContain(`data-payment-uri="${TOKEN_URI.replaceAll('&', '&amp;')}"`)
    expect(html).toContain(`href="${TOKEN_URI.replaceAll('&', '&amp;')}"`)
    expect(html).toContain('aria-label="QR code to pay 1,234.5 TUSD on Paylink Devnet"')
    expect(html).toContain('Waiting for payment')
    expect(html).toContain('Send TUSD (token 0x5FbD…0aa3) only.')
    expect(html).toContain('data-value="1234.5"')
    expect(html).toContain(`data-value="${DEPOSIT}"`)
  })

  it('offers no chooser when a single option has a URI, and never the option without one', () => {
    const html = render(link([tokenOption, noUri]))
    expect(html).not.toContain('type="radio"')
    expect(html).not.toContain('opt_none')
  })

  it('hides the QR while a payment is confirming, and says so', () => {
    const confirming = { ...tokenOption, confirming: '1234.5' }
    const payment = pendingPayment({
      status: 'confirming',
      confirmations: 1,
      amount: '1234.5',
      asset: tokenOption.asset,
      optionId: 'opt_tusd',
      blockNumber: '7',
    })
    const html = render(link([confirming], { payments: [payment] }))
    expect(html).toContain('Seen, confirming 1/2')
    expect(html).not.toContain('data-payment-uri')
  })

  it('after a partial payment, asks for the rest without the QR (its URI asks for the whole amount)', () => {
    const html = render(link([{ ...tokenOption, paid: '1000' }], { status: 'partially_paid' }))
    expect(html).toContain('Received 1,000 of 1,234.5 TUSD: 234.5 TUSD still to pay')
    expect(html).toContain('data-value="234.5"')
    expect(html).not.toContain('data-payment-uri')
  })

  it('offers a Solana Pay option by its QR and wallet link only, and says why there is no address to copy', () => {
    const uri =
      'solana:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM?amount=1&reference=11111111111111111111111111111111'
    const html = render(link([{ ...tokenOption, depositAddress: null, paymentUri: uri }]))
    expect(html).toContain('data-payment-uri="solana:')
    expect(html).toContain('Open in wallet')
    expect(html).not.toContain('Copy address')
    expect(html).not.toContain('Copy amount')
    expect(html).toContain('a transfer to a copied address would not reach this link')
  })
})
