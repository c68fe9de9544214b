import type { Page } from '@playwright/test'
import { HDKey } from '@scure/bip32'
import { Keypair } from '@solana/web3.js'
import { expect, signInWithTestWallet, test } from '../support/fixtures.js'

// Issue 35: no money goes astray at the checkout. Every address a payer can copy is one that pays
// the option (paid there, the link turns Paid) or is not offered; one payer in two tabs is asked
// before paying twice; offline, the page says the payment is safe and stops claiming to be live.

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

interface ConfigAnswer {
  networks: Array<{ caipNetworkId: string; name: string }>
  assets: Array<{ assetId: string; caipNetworkId: string; symbol: string; native: boolean }>
}
interface LinkAnswer {
  id: string
  status: string
  options: Array<{ recipient: string; depositAddress: string | null; paymentUri: string | null }>
  payments: Array<{ txHash: string; status: string }>
}

/** The asset `symbol` on the network people call `networkName`, from the server's config. */
async function assetOn(page: Page, networkName: string, symbol: string): Promise<string> {
  const config = (await (await page.request.get('/api/config')).json()) as ConfigAnswer
  const network = config.networks.find((n) => n.name === networkName)
  expect(network, `the demo has ${networkName}`).toBeTruthy()
  const asset = config.assets.find((a) => a.caipNetworkId === network!.caipNetworkId && a.symbol === symbol)
  expect(asset, `${symbol} on ${networkName}`).toBeTruthy()
  return asset!.assetId
}

async function createLink(
  page: Page,
  title: string,
  options: Array<{ asset: string; amount: string; recipient?: string }>,
) {
  const origin = new URL(page.url()).origin
  const response = await page.request.post('/api/links', { headers: { origin }, data: { title, options } })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as LinkAnswer
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
    await signInWithTestWallet(page)
    const tusd = await assetOn(page, 'Paylink Devnet', 'TUSD')
    const link = await createLink(page, 'Copied-address order', [{ asset: tusd, amount: '3.5', recipient: RECIPIENT }])
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
    expect(copied.map((a) => a.toLowerCase())).not.toContain(RECIPIENT.toLowerCase())
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
    newWalletContext,
  }) => {
    await signInWithTestWallet(page)
    const sol = await assetOn(page, 'Paylink Solana Devnet', 'SOL')
    const merchantSolana = Keypair.generate().publicKey.toBase58()
    const link = await createLink(page, 'Solana order', [{ asset: sol, amount: '0.2', recipient: merchantSolana }])

    const checkout = await (await newWalletContext()).newPage()
    await checkout.goto(`/pay/${link.id}`)
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
    newWalletContext,
  }) => {
    await signInWithTestWallet(page)
    const btc = `${REGTEST}/slip44:0`
    // A watch-only BIP84 test account only this spec holds; the server derives each option's address from it.
    const tpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(35), { private: 0x04358394, public: 0x043587cf }).derive(
      "m/84'/1'/0'",
    ).publicExtendedKey
    const link = await createLink(page, 'Bitcoin order', [{ asset: btc, amount: '0.0015', recipient: tpub }])
    const derived = link.options[0]!.depositAddress
    expect(derived).toMatch(/^bcrt1/)

    const checkout = await (await newWalletContext()).newPage()
    await checkout.goto(`/pay/${link.id}`)
    await expect(checkout.locator('main')).not.toContainText('tpub')
    await expect(checkout.locator('main')).not.toContainText('wpkh(')
    await expect(checkout.getByTestId('merchant-name')).not.toContainText('bcrt1')
    await expect(checkout).not.toHaveTitle(/bcrt1/)
    const copied = await copyEveryAddress(checkout)
    expect(copied.length).toBeGreaterThan(0)
    expect(new Set(copied)).toEqual(new Set([derived]))

    await sendTo(page, btc, copied[0]!, '0.0015')
    const mined = await page.request.post('/devnet/mine', { data: { caipNetworkId: REGTEST, blocks: 1 } })
    expect(mined.status(), await mined.text()).toBe(200)
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    await expect(checkout.getByTestId('receipt-to')).toHaveText(derived!)
  })

  test('two tabs of one payer: the second Pay press warns that a payment from this wallet is on its way, and asks', async ({
    page,
    newWalletContext,
  }, testInfo) => {
    await signInWithTestWallet(page)
    const tusd = await assetOn(page, 'Paylink Devnet', 'TUSD')
    const link = await createLink(page, 'Two tabs', [{ asset: tusd, amount: '2', recipient: RECIPIENT }])

    const payer = await newWalletContext()
    const first = await payer.newPage()
    await first.goto(`/pay/${link.id}`)
    await first.getByTestId('pay-connect').click()
    const modal = first.locator('w3m-modal')
    await expect(modal.locator('wui-card')).toBeVisible()
    await modal.getByText('Paylink Test Wallet', { exact: false }).first().click()
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
    await signInWithTestWallet(page)
    const tusd = await assetOn(page, 'Paylink Devnet', 'TUSD')
    const link = await createLink(page, 'Offline order', [{ asset: tusd, amount: '1', recipient: RECIPIENT }])
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
