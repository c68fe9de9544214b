import { expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { startExampleShop } from '../support/exampleShop.js'
import { originAt } from '../support/server.js'

// The demo as a newcomer runs it: the Paylink Dev Wallet, no injected test wallet.
test.use({ testWallets: {} })

/** anvil's account 8: the merchant's wallet the shop's links pay (not the payer's Dev Wallet). */
const shopWallet = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

test('examples/shop on another site opens the checkout with /embed.js; the payer pays in the overlay with the Dev Wallet; the shop hears paid and its webhook marks the order paid; a site not listed gets no frame', async ({
  page,
  paylink,
  newWalletContext,
}) => {
  test.setTimeout(180_000)
  // The merchant: an API key for the shop's server, and the shop's origin on the settings page.
  await signInWithDevWallet(page)
  const created = await page.request.post('/api/keys', {
    headers: { origin: new URL(page.url()).origin },
    data: { name: 'example shop' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { token } = (await created.json()) as { token: string }
  // The shop at 127.0.0.1:<its port> loads Paylink from localhost:<Paylink's port>: another site.
  const shop = await startExampleShop({
    PAYLINK_URL: originAt(paylink.origin, 'localhost'),
    PAYLINK_API_KEY: token,
    PAYLINK_RECIPIENT: shopWallet,
  })
  try {
    await page.goto('/dashboard/settings')
    const origins = page.getByLabel('Shop origins')
    await origins.fill(`${shop.origin}/checkout`)
    await page.getByRole('button', { name: 'Save shop origins' }).click()
    await expect(page.getByTestId('embed-origins-section')).toContainText(
      'Line 1 must be a shop origin like https://shop.example.com (scheme and host, no path)',
    )
    await origins.fill(shop.origin)
    await page.getByRole('button', { name: 'Save shop origins' }).click()
    await expect(page.getByText('Saved. Checkouts opened with /embed.js')).toBeVisible()

    // The payer, on a phone-sized screen.
    const payer = await (await newWalletContext()).newPage()
    await payer.setViewportSize({ width: 390, height: 844 })
    await payer.goto(shop.origin)
    await payer.getByRole('button', { name: 'Buy with crypto' }).click()
    const dialog = payer.getByRole('dialog', { name: 'Pay with crypto' })
    await expect(dialog).toBeVisible()
    expect((await dialog.boundingBox())!.width).toBe(390)
    const checkout = payer.frameLocator('iframe[title="Paylink checkout"]')
    await expect(checkout.getByTestId('link-status')).toHaveText('Open', { timeout: 30_000 })
    // Focus stays in the overlay: Tab goes between the close button and the checkout.
    for (let i = 0; i < 12; i++) {
      await payer.keyboard.press('Tab')
      expect(
        await payer.evaluate(() => document.querySelector('[data-paylink-overlay]')!.contains(document.activeElement)),
        `after Tab ${i + 1}: ${await payer.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`,
      ).toBe(true)
    }

    await checkout.getByTestId('pay-connect').click()
    await checkout.locator('w3m-modal').getByText('Paylink Dev Wallet').first().click({ timeout: 30_000 })
    const picker = checkout.locator('w3m-modal').getByText('EVM Networks')
    const connected = checkout.getByText('Paying from')
    await expect(picker.or(connected).first()).toBeVisible({ timeout: 30_000 })
    if (await picker.isVisible()) await picker.click()
    await expect(connected).toBeVisible()
    await checkout.getByTestId('pay-button').click()
    await expect(checkout.getByTestId('receipt')).toBeVisible({ timeout: 45_000 })
    // The page heard it from the frame; the order is paid once the shop's server verified link.paid.
    await expect(payer.locator('#checkout-event')).toHaveText('The checkout says: paid')
    await expect(payer.locator('#order-status')).toHaveText('Order ord_1: paid', { timeout: 20_000 })
    // Escape closes the overlay, whether the shop's page or the checkout has the focus.
    await checkout.getByTestId('receipt').click()
    await payer.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(payer.getByRole('button', { name: 'Buy with crypto' })).toBeFocused()

    // The same shop under another origin (localhost:<its port>) is not on the list: the browser refuses the frame.
    const refusals: string[] = []
    payer.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text())
    })
    await payer.goto(originAt(shop.origin, 'localhost'))
    await payer.getByRole('button', { name: 'Buy with crypto' }).click()
    await expect(dialog).toBeVisible()
    await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0)
    expect(refusals[0]).toContain(`frame-ancestors ${shop.origin}`)
    await expect(checkout.getByTestId('link-status')).toHaveCount(0)
  } finally {
    await shop.stop()
  }
})
