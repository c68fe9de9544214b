import type { Page } from '@playwright/test'
import { startSmtpTestServer, type SmtpTestServer } from '../../apps/server/src/testing/smtpTestServer.js'
import { payConnectedCheckout } from '../support/checkoutPayer.js'
import { expect, test as base, signInWithTestWallet } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'
import { drawLogoPng } from '../support/merchantLogo.js'

// The server tests' SMTP server, started before the Paylink server of this worker, which gets it
// as SMTP_URL: the receipt email is checked as a mailbox would receive it.
const test = base.extend<object, { mailbox: SmtpTestServer }>({
  mailbox: [
    async ({}, use) => {
      const mailbox = await startSmtpTestServer()
      await use(mailbox)
      await mailbox.close()
    },
    { scope: 'worker' },
  ],
  serverOptions: [async ({ mailbox }, use) => use({ env: { SMTP_URL: mailbox.url } }), { scope: 'worker' }],
})

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** The merchant's profile (a logo drawn by the browser as a real PNG) and a 12 TUSD link. */
async function merchantWithLink(page: Page): Promise<{ id: string }> {
  await signInWithTestWallet(page)
  const origin = new URL(page.url()).origin
  const logo = await drawLogoPng(page)
  const profile = await page.request.put('/api/merchant/profile', {
    headers: { origin },
    data: { displayName: 'Bean & Leaf Roasters', logo, brandColor: '#6b3e26' },
  })
  expect(profile.status(), await profile.text()).toBe(200)
  const { tusd } = await devnetAssets(page)
  return createLinkThroughApi(page, {
    title: 'Coffee beans',
    options: [{ asset: tusd, amount: '12', recipient: RECIPIENT }],
  })
}

test.describe("the payer's checkout", () => {
  test('merchant header, no site menu, one connect button, tab title; email receipt; pay; receipt; no operator alert', async ({
    page,
    newWalletContext,
    mailbox,
  }) => {
    test.setTimeout(120_000)
    const link = await merchantWithLink(page)
    const payer = await (await newWalletContext()).newPage()
    await payer.setViewportSize({ width: 390, height: 844 })
    await payer.goto(`/pay/${link.id}`)

    // The first paint is the server's HTML: the title is there before any script runs.
    const html = await (await payer.request.get(`/pay/${link.id}`, { headers: { accept: 'text/html' } })).text()
    expect(html, 'tab title in the server HTML').toContain(
      '<title>Pay 12 TUSD · Coffee beans · Bean &amp; Leaf Roasters</title>',
    )
    await expect(payer, 'tab title').toHaveTitle('Pay 12 TUSD · Coffee beans · Bean & Leaf Roasters')

    await expect(payer.getByRole('navigation'), 'no site menu on /pay').toHaveCount(0)
    await expect(payer.getByText('Dashboard', { exact: true }), 'no site menu on /pay').toHaveCount(0)
    await expect(payer.locator('appkit-network-button'), 'no toolkit network button').toHaveCount(0)
    await expect(payer.getByTestId('pay-connect')).toBeVisible()
    await expect(payer.getByRole('button', { name: /connect/i }), 'one connect button').toHaveCount(1)
    await expect(payer.getByTestId('login-methods'), 'promises only what is offered (no project id)').not.toContainText(
      /email|social/i,
    )

    await expect(payer.getByTestId('merchant-name'), 'merchant name').toHaveText('Bean & Leaf Roasters')
    const logo = payer.getByTestId('merchant-logo')
    await expect(logo, 'merchant logo').toBeVisible()
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 'logo loaded').toBe(64)

    const header = payer.getByTestId('pay-header')
    const box = (await header.boundingBox())!
    expect(box.height, 'header height at 390 px').toBeLessThanOrEqual(64)
    expect(await header.evaluate((el) => getComputedStyle(el).position), 'header not sticky on a phone').not.toMatch(
      /sticky|fixed/,
    )
    await payer.screenshot({ path: 'docs/screenshots/checkout-390.png', fullPage: true })
    await payer.setViewportSize({ width: 1280, height: 800 })
    await payer.screenshot({ path: 'docs/screenshots/checkout-1280.png', fullPage: true })
    await payer.setViewportSize({ width: 390, height: 844 })

    // The payer leaves an address before paying.
    await payer.getByLabel('Email me the receipt (optional)').fill('payer@example.test')
    await payer.getByRole('button', { name: 'Email me the receipt' }).click()
    await expect(payer.getByTestId('receipt-email-status')).toContainText('payer@example.test')

    // Connect: the toolkit's modal opens without its operator alert.
    await payer.getByTestId('pay-connect').click()
    const modal = payer.locator('w3m-modal')
    await expect(modal.locator('wui-card')).toBeVisible()
    await expect(
      modal.getByText('Project ID Not Configured'),
      'the project-id alert is not shown to the payer',
    ).toHaveCount(0)
    await modal.getByText('Paylink Test Wallet', { exact: false }).first().click()
    await payConnectedCheckout(payer)
    await expect(payer.getByTestId('amount-options'), 'options give way to the receipt').toHaveCount(0)
    await expect(payer.getByRole('button', { name: /Copy address/ }), 'no copy-address once paid').toHaveCount(0)
    const number = (await payer.getByTestId('receipt-number').textContent())!
    expect(number, 'receipt number').toMatch(/^PL-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    await expect(payer.getByTestId('receipt-merchant'), 'receipt merchant').toHaveText('Bean & Leaf Roasters')
    await expect(payer.getByTestId('receipt-amount'), 'receipt amount with unit').toHaveText('12 TUSD')
    const tx = (await payer.getByTestId('receipt-tx').textContent())!
    expect(tx, 'full transaction id').toMatch(/^0x[0-9a-f]{64}$/)
    await expect(payer.getByTestId('receipt-payer'), 'payer address, full').toHaveText(/^0x[0-9a-fA-F]{40}$/)
    await expect(payer.getByTestId('receipt-date'), 'receipt date').not.toBeEmpty()
    await expect(payer.getByTestId('merchant-notified'), 'no webhook, so not "notified"').toHaveCount(0)
    await expect(payer).toHaveTitle('Paid 12 TUSD · Coffee beans · Bean & Leaf Roasters')

    // The receipt email reaches the local SMTP server.
    await expect
      .poll(() => mailbox.received.some((m) => m.subject?.includes(number)), {
        timeout: 20_000,
        message: 'receipt email received',
      })
      .toBe(true)
    const mail = mailbox.received.find((m) => m.subject?.includes(number))!
    expect(mail.text, 'mail: receipt number').toContain(number)
    expect(mail.text, 'mail: amount').toContain('Amount: 12 TUSD')
    expect(mail.text, 'mail: transaction id').toContain(tx)
  })
})
