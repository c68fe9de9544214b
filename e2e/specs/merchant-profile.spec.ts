import type { Page } from '@playwright/test'
import { payWithTestWallet } from '../support/checkoutPayer.js'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'
import { drawLogoPng } from '../support/merchantLogo.js'
import { eventOf, startWebhookReceiver } from '../support/webhookReceiver.js'

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

// Its own server: the profile saved here is the merchant's on every link of that server.
test.use({ serverOptions: { label: 'merchant profile and "the merchant was notified"' } })

/** A 12 TUSD link of the signed-in merchant, created through the API with the page's session. */
async function createTusdLink(page: Page, title: string, webhookUrl?: string): Promise<string> {
  const { tusd } = await devnetAssets(page)
  const created = await createLinkThroughApi(page, {
    title,
    options: [{ asset: tusd, amount: '12', recipient: RECIPIENT }],
    ...(webhookUrl ? { webhookUrl } : {}),
  })
  return created.id
}

test.describe('merchant profile', () => {
  test('display name, logo (type and size limits) and colour, edited on the dashboard, shown on the checkout and in its tab title', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    test.setTimeout(120_000)
    await signInOnDashboard(page)
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click()
    const form = page.getByTestId('profile-form')
    await expect(form).toBeVisible()
    const logoInput = form.getByLabel('Logo', { exact: true })
    // `has` is matched inside each .field, so it names the control from there, not from the form.
    const logoField = form.locator('.field', { has: page.getByLabel('Logo', { exact: true }) })

    // Too big: refused in the browser before anything is sent, with the limit in the sentence.
    await logoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(300 * 1024, 1) })
    await expect(logoField.locator('.field-error'), 'oversized logo').toContainText(
      'The image is 300 KiB; at most 256 KiB.',
    )
    // An SVG (it could carry script): the server refuses it, beside the field, and nothing is saved.
    await form.getByLabel('Display name', { exact: true }).fill('Bean & Leaf Roasters')
    await logoInput.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    })
    await form.getByRole('button', { name: 'Save profile' }).click()
    await expect(logoField.locator('.field-error'), 'SVG logo').toContainText('SVG logos are refused')
    expect(
      ((await (await page.request.get('/api/merchant/profile')).json()) as { profile: { displayName: string | null } })
        .profile.displayName,
      'nothing saved',
    ).toBeNull()

    // A real 64 px PNG, drawn by the browser.
    const png = (await drawLogoPng(page)).split(',')[1]!
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') })
    await expect(form.getByTestId('profile-logo-preview')).toBeVisible()
    await form.getByLabel('Brand colour', { exact: true }).fill('#6b3e26')
    await expect(form.getByTestId('profile-swatch')).toContainText('Bean & Leaf Roasters')
    await form.getByRole('button', { name: 'Save profile' }).click()
    await expect(form.getByRole('status')).toHaveText('Saved. Your checkouts show it from now on.')
    await expect(logoField.locator('.field-error')).toHaveCount(0)

    const linkId = await createTusdLink(page, 'Coffee beans')
    const payer = await openCheckoutAsPayer(linkId)
    await expect(payer, 'tab title').toHaveTitle('Pay 12 TUSD · Coffee beans · Bean & Leaf Roasters')
    await expect(payer.getByTestId('merchant-name')).toHaveText('Bean & Leaf Roasters')
    const logo = payer.getByTestId('merchant-logo')
    await expect(logo).toBeVisible()
    expect(
      await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      'the uploaded logo is the one served',
    ).toBe(64)
    await expect(payer.getByTestId('pay-header'), 'brand colour').toHaveCSS('background-color', 'rgb(107, 62, 38)')
  })
})

test.describe('"the merchant was notified"', () => {
  test('shown once the webhook really succeeded; a failing webhook leaves Paid without it', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    test.setTimeout(180_000)
    const accepting = await startWebhookReceiver(200)
    const failing = await startWebhookReceiver(500)
    try {
      await signInOnDashboard(page)
      const told = await createTusdLink(page, 'Notified order', accepting.url)
      const untold = await createTusdLink(page, 'Unnotified order', failing.url)
      // Two payers, each in a browser of their own (a wallet connected on one checkout stays connected on the next).
      const first = await openCheckoutAsPayer(told)
      await payWithTestWallet(first)
      // 60 s: the worker's server is shared by the whole run, and its webhook worker also retries
      // earlier specs' deliveries to receivers that are gone (8 at a time, up to 5 s each); once in
      // four clean runs this delivery took over 30 s.
      await expect(first.getByTestId('merchant-notified'), 'webhook accepted').toHaveText(
        'The merchant was notified.',
        { timeout: 60_000 },
      )
      expect(
        accepting.received.map((d) => eventOf(d).type),
        'the receiver got link.paid',
      ).toContain('link.paid')

      const payer = await openCheckoutAsPayer(untold)
      await payWithTestWallet(payer)
      await expect(payer.getByTestId('receipt')).toContainText('Paid')
      // The webhook was really tried and refused before we look: then the page must not claim it.
      await expect
        .poll(() => failing.received.some((d) => eventOf(d).type === 'link.paid'), {
          timeout: 30_000,
          message: 'link.paid was attempted',
        })
        .toBe(true)
      await payer.reload()
      await expect(payer.getByTestId('receipt')).toBeVisible()
      await expect(payer.getByTestId('merchant-notified'), 'webhook failing: not "notified"').toHaveCount(0)
    } finally {
      await accepting.close()
      await failing.close()
    }
  })
})
