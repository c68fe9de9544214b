import { expect, openConnectModal, test } from '../support/fixtures.js'

test('the home page says what Paylink is, links the demo, and has the toolkit buttons in the header', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Paylink')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Crypto payment links')
  await expect(page.getByRole('link', { name: 'Open the wallet page' })).toHaveAttribute('href', '/wallet')
  await expect(page.locator('header appkit-button')).toBeVisible()
  await expect(page.locator('header appkit-network-button')).toBeVisible()
  await expect(page.getByText('Paylink Devnet', { exact: false }).first()).toBeVisible()
  // The toolkit's button text is readable on the header: WCAG contrast of at least 4.5 to 1.
  const contrast = await page.locator('header appkit-network-button').evaluate((host) => {
    const text = host.shadowRoot!.querySelector('wui-network-button')!.shadowRoot!.querySelector('wui-text')!
    const rgb = (css: string) =>
      css
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number)
    const luminance = (css: string) => {
      const [r, g, b] = rgb(css).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const fg = luminance(getComputedStyle(text).color)
    const bg = luminance(getComputedStyle(host.closest('header')!).backgroundColor)
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05)
  })
  expect(contrast).toBeGreaterThanOrEqual(4.5)
})

test('without a project id the toolkit shows its own alert and browser wallets are still offered', async ({ page }) => {
  await page.goto('/')
  const modal = await openConnectModal(page)
  await expect(page.locator('w3m-alertbar')).toContainText('Project ID Not Configured')
  await expect(modal.getByText('Paylink Dev Wallet').first()).toBeVisible()
  // Email and social login need Reown's cloud: not offered without a project id.
  await expect(modal.locator('w3m-email-login-widget, w3m-social-login-widget')).toHaveCount(0)
})

test('a client-side route loads directly and an unknown one says so', async ({ page }) => {
  await page.goto('/wallet')
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible()
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
