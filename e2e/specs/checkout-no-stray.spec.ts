import type { Page } from '@playwright/test'
import { Keypair } from '@solana/web3.js'
import { bitcoinTestAccount, mineRegtestBlock, REGTEST_BTC } from '../support/chainFixtures.js'
import { connectTestWalletOnCheckout } from '../support/checkoutPayer.js'
import { expect, signInWithTestWallet, test } from '../support/fixtures.js'
import { assetOn, createLinkThroughApi, LINK_RECIPIENT, signInWithTusdLink } from '../support/merchantApi.js'

// Issue 35: no money goes astray at the checkout. Every address a payer can copy is one that pays
// the option (paid there, the link turns Paid) or is not offered; one payer in two tabs is asked
// before paying twice; offline, the page says the payment is safe and stops claiming to be live.

interface LinkAnswer {
  id: string
  status: string
  options: Array<{ recipient: string; depositAddress: string | null; paymentUri: string | null }>
  payments: Array<{ txHash: string; status: string }>
}

async function createLink(
  page: Page,
  title: string,
  options: Array<{ asset: string; amount: string; recipient: string }>,
) {
  return createLinkThroughApi<LinkAnswer>(page, { title, options })
}

async function readLink(page: Page, id: string): Promise<LinkAnswer> {
  return (await (await page.request.get(`/api/links/${id}`)).json()) as LinkAnswer
}

/**
 * Every address the checkout lets a payer copy, in the order offered: each "Copy address" button
 * of the page and of the Scan to pay tab is pressed, and what it put on the clipboard is kept.
 */
async function copyEveryAddress(checkout: Page): Promise<string[]> {
  await checkout.addInitScript(() => {
    const copied: string[] = []
    Object.assign(window, { __copied: copied })
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void copied.push(text), readText: async () => copied.at(-1) ?? '' },
    })
  })
  await checkout.reload()
  await expect(checkout.getByTestId('link-status')).toHaveText('Open')
  const copyButtons = async () => {
    for (const button of await checkout.getByRole('button', { name: /copy address/i }).all())
      if (await button.isVisible()) await button.click()
  }
  await copyButtons()
  const scanTab = checkout.getByRole('tab', { name: 'Scan to pay' })
  if (await scanTab.count()) {
    await scanTab.click()
    await expect(checkout.getByTestId('scan-panel')).toBeVisible()
    await copyButtons()
  }
  return checkout.evaluate(() => (window as unknown as { __copied: string[] }).__copied)
}

/** What a wallet or an exchange does with a copied address: sends the amount there, nothing else. */
async function sendTo(page: Page, asset: string, address: string, amount: string) {
  const sent = await page.request.post('/devnet/faucet', { data: { asset, address, amount } })
  expect(sent.status(), await sent.text()).toBe(200)
}

test.describe('checkout: no money goes astray', () => {
  test.describe.configure({ timeout: 150_000 })

  test('EVM: every copyable address is the option’s own deposit address, and paying it there turns the link Paid', async ({
    page,
    newWalletContext,
  }, testInfo) => {
    const { tusd, link } = await signInWithTusdLink<LinkAnswer>(page, { title: 'Copied-address order', amount: '3.5' })
    const deposit = link.options[0]!.depositAddress
    expect(deposit, 'the devnet gives each EVM option a deposit address').toMatch(/^0x[0-9a-fA-F]{40}$/)

    const checkout = await (await newWalletContext()).newPage()
    await checkout.setViewportSize({ width: 390, height: 844 })
    await checkout.goto(`/pay/${link.id}`)
    await checkout.screenshot({ path: testInfo.outputPath('checkout-390.png'), fullPage: true })
    await checkout.setViewportSize({ width: 1280, height: 900 })
    await checkout.screenshot({ path: testInfo.outputPath('checkout-1280.png'), fullPage: true })

    // The header and the tab name the merchant, never an address: one at the top reads as where to pay.
    await expect(checkout.getByTestId('merchant-name')).not.toContainText('0x')
    await expect(checkout).not.toHaveTitle(/0x/i)
    const copied = await copyEveryAddress(checkout)
    expect(copied.length, 'the checkout offers the address to copy').toBeGreaterThan(0)
    // Never the merchant's main address: a transfer there pays no option.
    expect(copied.map((a) => a.toLowerCase())).not.toContain(LINK_RECIPIENT.toLowerCase())
    expect(new Set(copied.map((a) => a.toLowerCase()))).toEqual(new Set([deposit!.toLowerCase()]))
    await expect(checkout.getByTestId('receiving-address')).toContainText("this link's own address")
    await expect(checkout.getByTestId('scan-qr')).toHaveAttribute(
      'data-payment-uri',
      new RegExp(`address=${deposit}`, 'i'),
    )

    await sendTo(page, tusd, copied[0]!, '3.5')
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    await expect(checkout.getByTestId('receipt-to')).toHaveText(deposit!)
  })

  test('Solana: no address is offered to copy (the reference would be lost); the QR and Open in wallet carry it', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    await signInWithTestWallet(page)
    const sol = await assetOn(page, 'Paylink Solana Devnet', 'SOL')
    const merchantSolana = Keypair.generate().publicKey.toBase58()
    const link = await createLink(page, 'Solana order', [{ asset: sol, amount: '0.2', recipient: merchantSolana }])

    const checkout = await openCheckoutAsPayer(link.id)
    expect(await copyEveryAddress(checkout)).toEqual([])
    await expect(checkout.getByTestId('link-facts')).not.toContainText(merchantSolana.slice(0, 4) + '…')
    await expect(checkout.getByTestId('scan-no-copy')).toContainText(
      'a transfer to a copied address would not reach this link',
    )
    const uri = await checkout.getByTestId('scan-qr').getAttribute('data-payment-uri')
    expect(new URL(uri!).searchParams.getAll('reference')).toHaveLength(1)
    await expect(checkout.getByTestId('scan-open')).toHaveAttribute('href', uri!)
  })

  test('Bitcoin: the derived address is the one to copy (never the key), and paying it there turns the link Paid', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    await signInWithTestWallet(page)
    const btc = REGTEST_BTC
    // A watch-only BIP84 test account only this spec holds; the server derives each option's address from it.
    const tpub = bitcoinTestAccount(35).publicExtendedKey
    const link = await createLink(page, 'Bitcoin order', [{ asset: btc, amount: '0.0015', recipient: tpub }])
    const derived = link.options[0]!.depositAddress
    expect(derived).toMatch(/^bcrt1/)

    const checkout = await openCheckoutAsPayer(link.id)
    await expect(checkout.locator('main')).not.toContainText('tpub')
    await expect(checkout.locator('main')).not.toContainText('wpkh(')
    await expect(checkout.getByTestId('merchant-name')).not.toContainText('bcrt1')
    await expect(checkout).not.toHaveTitle(/bcrt1/)
    const copied = await copyEveryAddress(checkout)
    expect(copied.length).toBeGreaterThan(0)
    expect(new Set(copied)).toEqual(new Set([derived]))

    await sendTo(page, btc, copied[0]!, '0.0015')
    await mineRegtestBlock(page.request)
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    await expect(checkout.getByTestId('receipt-to')).toHaveText(derived!)
  })

  test('two tabs of one payer: the second Pay press warns that a payment from this wallet is on its way, and asks', async ({
    page,
    newWalletContext,
  }, testInfo) => {
    const { link } = await signInWithTusdLink<LinkAnswer>(page, { title: 'Two tabs', amount: '2' })

    const payer = await newWalletContext()
    const first = await payer.newPage()
    await first.goto(`/pay/${link.id}`)
    await connectTestWalletOnCheckout(first)
    await expect(first.getByTestId('pay-button')).toBeEnabled({ timeout: 20_000 })
    // The second tab of the same browser: the toolkit restores the wallet connection by itself.
    // Its live stream lags (as a slow network makes it): only the server knows of the first payment.
    const second = await payer.newPage()
    await second.route('**/api/links/*/events', (route) => route.abort())
    await second.goto(`/pay/${link.id}`)
    await expect(second.getByTestId('pay-button')).toBeEnabled({ timeout: 20_000 })

    await first.getByTestId('pay-button').click()
    await expect(first.getByTestId('receipt')).toBeVisible({ timeout: 30_000 })

    await second.getByTestId('pay-button').click()
    const question = second.getByRole('alertdialog', { name: 'Pay again?' })
    await expect(question).toBeVisible()
    await expect(question).toContainText('A payment from this wallet (2 TUSD)')
    await second.setViewportSize({ width: 390, height: 844 })
    await second.screenshot({ path: testInfo.outputPath('checkout-pay-again-390.png'), fullPage: true })
    await question.getByRole('button', { name: "Don't pay" }).click()
    await expect(question).toBeHidden()
    // Nothing was sent a second time: one payment, no surplus.
    const after = await readLink(page, link.id)
    expect(after.payments).toHaveLength(1)
    expect(after.status).toBe('paid')
  })

  test('offline: the page says the payment is safe and that it is not live; back online, live again', async ({
    page,
    context,
  }, testInfo) => {
    const { link } = await signInWithTusdLink(page, { title: 'Offline order', amount: '1' })
    const checkout = await context.newPage()
    await checkout.goto(`/pay/${link.id}`)
    const live = checkout.getByTestId('live-state')
    await expect(live).toHaveText('● Live: this page updates by itself.')

    await context.setOffline(true)
    await expect(checkout.getByTestId('offline-note')).toHaveText(
      'You are offline: your payment is safe; we will show it as soon as you are back.',
    )
    await expect(live).toHaveText('○ Not live: you are offline.')
    await checkout.setViewportSize({ width: 390, height: 844 })
    await checkout.screenshot({ path: testInfo.outputPath('checkout-offline-390.png'), fullPage: true })

    await context.setOffline(false)
    await expect(checkout.getByTestId('offline-note')).toBeHidden()
    await expect(live).toHaveText('● Live: this page updates by itself.', { timeout: 20_000 })
  })
})
