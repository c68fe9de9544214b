import { connectWallet, expect, signInOnDashboard, test } from '../support/fixtures.js'
import type { TestWindow } from '../support/testWindow.js'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test.describe('merchant sign-in with a wallet (SIWX verified by the server)', () => {
  test('connect, sign, dashboard, reload keeps the session, sign out ends it on the server', async ({ page }) => {
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Sign in with your wallet' })).toBeVisible()
    const modal = await connectWallet(page, 'Paylink Test Wallet')
    const view = modal.locator('w3m-siwx-sign-message-view')
    await expect(view).toBeVisible()
    await view.getByRole('button', { name: 'Sign', exact: true }).click()

    await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()
    await expect(page.getByTestId('signed-in-accounts')).toContainText(ACCOUNT_0)
    const me = await page.request.get('/api/me')
    expect(me.status()).toBe(200)
    expect((await me.json()).accounts[0].address.toLowerCase()).toBe(ACCOUNT_0.toLowerCase())
    const cookie = (await page.context().cookies()).find((c) => c.name === 'paylink_session')
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in with your wallet' })).toBeVisible()
    expect((await page.request.get('/api/me')).status()).toBe(401)
  })

  test('disconnecting the wallet on another page signs out on the server too', async ({ page }) => {
    await signInOnDashboard(page)
    await page.getByRole('navigation').getByRole('link', { name: 'Wallet' }).click()
    await page.getByTestId('panel-eip155').getByRole('button', { name: 'Disconnect EVM' }).click()
    await expect(page.getByTestId('status-eip155')).toHaveText('disconnected')
    await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401)
  })

  test('cancelling the signature disconnects and stores no session', async ({ page }) => {
    await page.goto('/dashboard')
    const modal = await connectWallet(page, 'Paylink Test Wallet')
    const view = modal.locator('w3m-siwx-sign-message-view')
    await expect(view).toBeVisible()
    await view.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.locator('appkit-button').getByText(/connect/i)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Sign in with your wallet' })).toBeVisible()
    expect((await page.request.get('/api/me')).status()).toBe(401)
  })

  test('a signature the wallet refuses leaves the visitor signed out with a clear state', async ({ page }) => {
    await page.goto('/dashboard')
    const modal = await connectWallet(page, 'Paylink Test Wallet')
    const view = modal.locator('w3m-siwx-sign-message-view')
    await expect(view).toBeVisible()
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.refuseNext('personal_sign'))
    await view.getByRole('button', { name: 'Sign', exact: true }).click()
    // The refusal's own effect first (AppKit's error snackbar, the sign view still open and ready
    // again): checked right after the click, "no session" would hold even if the refusal were ignored.
    // AppKit 1.7.8 words it "Signature declined", or, when it counts the account as a smart account
    // (it does for the injected test wallet), "This application might not support Smart Accounts".
    await expect(
      page.getByText(/^(Signature declined|This application might not support Smart Accounts)$/),
    ).toBeVisible()
    await expect(view.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    expect((await page.request.get('/api/me')).status()).toBe(401)
    await expect(page.getByRole('heading', { name: 'Sign in with your wallet' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Signed in' })).toHaveCount(0)
  })
})
