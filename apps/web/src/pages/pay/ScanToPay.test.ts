import type { Link, LinkOption, PublicConfig } from '@paylink/shared'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ScanToPay } from './ScanToPay.js'

// The panel's first render, as markup (no browser here): what it offers and what it leaves out.
// Clicks, keys, the clipboard and the phone layout are in e2e/specs/scan-panel.spec.ts.

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DEPOSIT = '0x1111111111111111111111111111111111111111'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TOKEN_URI = `ethereum:${TOKEN}@31337/transfer?address=${DEPOSIT}&uint256=1234500000`

const config: PublicConfig = {
  projectId: null,
  demo: true,
  networks: [
    {
      caipNetworkId: 'eip155:31337',
      name: 'Paylink Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: '/devnet/rpc/31337',
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 2,
    },
  ],
  assets: [
    {
      assetId: `eip155:31337/erc20:${TOKEN}`,
      caipNetworkId: 'eip155:31337',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      native: false,
    },
  ],
  receiptEmail: false,
}

const tokenOption: LinkOption = {
  id: 'opt_tusd',
  asset: `eip155:31337/erc20:${TOKEN}`,
  caipNetworkId: 'eip155:31337',
  symbol: 'TUSD',
  decimals: 6,
  amount: '1234.5',
  recipient: RECIPIENT,
  depositAddress: DEPOSIT,
  paymentUri: TOKEN_URI,
  paid: '0',
  confirming: '0',
  overpaid: '0',
  late: '0',
  shortfall: '0',
  due: null,
  rate: null,
  rateSource: null,
  quoteExpiresAt: null,
  quoteProblem: null,
}
const noUri: LinkOption = {
  ...tokenOption,
  id: 'opt_none',
  caipNetworkId: 'eip155:31338',
  asset: 'eip155:31338/slip44:60',
  symbol: 'ETH',
  paymentUri: null,
  depositAddress: null,
}

const link = (options: LinkOption[], extra: Partial<Link> = {}): Link => ({
  id: 'lnk_1',
  title: 'Coffee beans',
  description: null,
  merchantAddress: RECIPIENT,
  status: 'open',
  expiresAt: null,
  createdAt: '',
  paidAt: null,
  deactivatedAt: null,
  successUrl: null,
  receiptEmail: true,
  price: null,
  fiat: null,
  underpaymentTolerancePercent: '0',
  latePaymentGraceSeconds: 0,
  version: 1,
  options,
  payments: [],
  merchant: { displayName: null, logoUrl: null, brandColor: null },
  merchantNotified: false,
  receiptNumber: 'PL-0000-0000',
  ...extra,
})

const render = (l: Link) => renderToStaticMarkup(createElement(ScanToPay, { link: l, config }))

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
    const payment = {
      id: 'pay_1',
      linkId: 'lnk_1',
      caipNetworkId: 'eip155:31337',
      txHash: `0x${'a'.repeat(64)}`,
      status: 'confirming' as const,
      reason: null,
      confirmations: 1,
      requiredConfirmations: 2,
      amount: '1234.5',
      asset: tokenOption.asset,
      optionId: 'opt_tusd',
      payer: null,
      blockNumber: '7',
      late: false,
      counted: false,
      quote: null,
      refunds: [],
      refunded: '0',
      refundAddress: null,
      createdAt: '',
      updatedAt: '',
      detectedAt: null,
      confirmedAt: null,
    }
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
})
