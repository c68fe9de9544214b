import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../../i18n/testing/englishText.js'
import { LinkFacts } from './LinkFacts.js'
import { checkoutPayee, receivingAddressOf } from '@paylink/shared'
import { checkoutConfig, checkoutLink, DEPOSIT, RECIPIENT, tokenOption } from './testing/checkoutFixtures.js'

const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const SOLANA_MERCHANT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solanaOption = tokenOption({
  caipNetworkId: SOLANA,
  asset: `${SOLANA}/slip44:501`,
  recipient: SOLANA_MERCHANT,
  depositAddress: null,
  paymentUri: `solana:${SOLANA_MERCHANT}?amount=1&reference=11111111111111111111111111111111`,
})
const BITCOIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const DERIVED = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const bitcoinOption = tokenOption({
  caipNetworkId: BITCOIN,
  asset: `${BITCOIN}/slip44:0`,
  recipient:
    'wpkh(tpubD6NzVbkrYhZ4XgiXtGrdW5XDAPFCL9h7we1vwNCpn8tGbBcgfVYjXyhWo4E1xkh56hjod1RhGjxbaTLV3X4FyWuejifB9jusQ46QzG87VKp/0/*)',
  depositAddress: DERIVED,
  paymentUri: `bitcoin:${DERIVED}?amount=0.001`,
})
const plainEth = tokenOption({ depositAddress: null, paymentUri: `ethereum:${RECIPIENT}@31337?value=1` })

describe('receivingAddressOf: only an address a copied transfer pays and the server watches', () => {
  it("is the option's deposit address, not the merchant's main address", () => {
    expect(receivingAddressOf(tokenOption())).toBe(DEPOSIT)
  })
  it("is the merchant's own address where that is what the option is paid at", () => {
    expect(receivingAddressOf(plainEth)).toBe(RECIPIENT)
  })
  it('is none where the server could not attribute a transfer (no payment URI)', () => {
    expect(receivingAddressOf(tokenOption({ paymentUri: null }))).toBeNull()
  })
  it('is none for Solana Pay: the reference is lost in a copied address', () => {
    expect(receivingAddressOf(solanaOption)).toBeNull()
  })
  it('is the derived Bitcoin address, never the watch-only key', () => {
    expect(receivingAddressOf(bitcoinOption)).toBe(DERIVED)
    expect(receivingAddressOf({ ...bitcoinOption, depositAddress: null })).toBeNull()
  })
})

describe('checkoutPayee', () => {
  it('is the one address every option is paid at, saying whether it is the merchant own', () => {
    expect(checkoutPayee({ options: [tokenOption()] })).toEqual({ address: DEPOSIT, merchantOwn: false })
    expect(checkoutPayee({ options: [plainEth] })).toEqual({ address: RECIPIENT, merchantOwn: true })
  })
  it('is none when options pay different addresses, or one of them has none to copy', () => {
    expect(checkoutPayee({ options: [tokenOption(), plainEth] })).toBeNull()
    expect(checkoutPayee({ options: [tokenOption(), solanaOption] })).toBeNull()
    expect(checkoutPayee({ options: [] })).toBeNull()
  })
})

const facts = (link = checkoutLink([tokenOption()]), closed = false) =>
  renderToStaticMarkup(inEnglish(createElement(LinkFacts, { link, config: checkoutConfig, now: 0, closed })))

describe('LinkFacts: the top Copy address', () => {
  it("copies the option's deposit address, labelled as the link's own, and never shows the merchant's main address", () => {
    const html = facts()
    expect(html).toContain(`aria-label="Copy address: ${DEPOSIT}"`)
    expect(html).toContain('this link&#x27;s own address')
    expect(html).not.toContain(RECIPIENT)
  })
  it("labels the merchant's own address where it is what the option is paid at", () => {
    const html = facts(checkoutLink([plainEth]))
    expect(html).toContain(`aria-label="Copy address: ${RECIPIENT}"`)
    expect(html).toContain('the merchant&#x27;s own address')
  })
  it('offers nothing to copy on Solana Pay, nor once the link is closed', () => {
    expect(facts(checkoutLink([solanaOption]))).not.toContain('Copy address')
    expect(facts(checkoutLink([solanaOption]))).not.toContain(SOLANA_MERCHANT)
    expect(facts(checkoutLink([tokenOption()]), true)).not.toContain('Copy address')
  })
  it('names a merchant with a display name first, the address to send to beside its owner', () => {
    const named = checkoutLink([tokenOption()], {
      merchant: { displayName: 'Bean & Leaf', logoUrl: null, brandColor: null },
    })
    const html = facts(named)
    expect(html).toContain('Payment to <strong>Bean &amp; Leaf</strong>')
    expect(html).toContain('Send to this link&#x27;s own address')
  })
  it('shows a Bitcoin link by its derived address, never the key', () => {
    const html = facts(checkoutLink([bitcoinOption]))
    expect(html).toContain(DERIVED)
    expect(html).not.toContain('wpkh(')
  })
})
