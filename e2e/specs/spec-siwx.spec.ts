import { connectWallet, expect, test } from '../support/fixtures.js'

test.describe('spec §2: SIWXSignMessage', () => {
  test('signing in on the dashboard shows the toolkit’s SIWXSignMessage view', async ({ page }) => {
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Sign in with your wallet' })).toBeVisible()
    const modal = await connectWallet(page, 'Paylink Test Wallet')
    // Without a session for the new address the toolkit asks for a signature in its own view.
    await expect(modal.locator('w3m-siwx-sign-message-view')).toBeVisible()
    await expect(modal.locator('w3m-siwx-sign-message-view')).toContainText(/sign/i)
  })
})
