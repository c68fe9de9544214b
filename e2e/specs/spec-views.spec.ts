import { connectWallet, expect, test } from '../support/fixtures.js'
import type { TestWindow } from '../support/testWindow.js'

test.describe('spec §2: named views, reached from the product', () => {
  test('Connect, AllWallets, Account, Networks, SwitchNetwork, UnsupportedChain and back', async ({ page }) => {
    // Seven views, each opened and closed with its animation: on a loaded 2-core machine this walk
    // alone can pass the default 60 s; each step keeps its own 15 s expectation.
    test.setTimeout(120_000)
    await page.goto('/toolkit')
    const modal = page.locator('w3m-modal')
    const card = modal.locator('wui-card')
    const view = page.getByTestId('toolkit-view')

    // Connect: the header's Connect button, as a visitor opens it on any page, then by name.
    await page.locator('appkit-button').click()
    await expect(modal.locator('w3m-connect-view')).toBeVisible()
    await expect(view).toHaveText('Connect')
    await page.keyboard.press('Escape')
    await expect(card).toBeHidden()
    await page.getByRole('button', { name: 'Open Connect' }).click()
    await expect(modal.locator('w3m-connect-view')).toBeVisible()
    await expect(view).toHaveText('Connect')
    await page.keyboard.press('Escape')
    await expect(card).toBeHidden()

    await page.getByRole('button', { name: 'Open AllWallets' }).click()
    await expect(modal.locator('w3m-all-wallets-view')).toBeVisible()
    await expect(view).toHaveText('AllWallets')
    await page.keyboard.press('Escape')
    await expect(card).toBeHidden()

    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    await expect(card).toBeHidden()

    // Account: the header's account button once connected.
    await page.locator('appkit-button').click()
    await expect(modal.locator('w3m-account-view')).toBeVisible()
    await expect(view).toHaveText('Account')
    await page.keyboard.press('Escape')
    await expect(card).toBeHidden()

    // Networks, then SwitchNetwork for as long as the wallet has not answered the switch.
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.holdNextSwitch())
    await page.locator('appkit-network-button').click()
    await expect(modal.locator('w3m-networks-view')).toBeVisible()
    await expect(view).toHaveText('Networks')
    await modal.locator('w3m-networks-view').getByText('Paylink Devnet L2').click()
    await expect(modal.locator('w3m-network-switch-view')).toBeVisible()
    await expect(view).toHaveText('SwitchNetwork')
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.releaseSwitch())
    await expect(page.getByTestId('toolkit-eip155-network-caip-network-id')).toHaveText('eip155:31338')
    await expect(modal.locator('w3m-network-switch-view')).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(card).toBeHidden()

    // The wallet moves to a chain Paylink does not list: UnsupportedChain.
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.walletSwitchChain(999))
    await expect(modal.locator('w3m-unsupported-chain-view')).toContainText('support your current network')
    await expect(view).toHaveText('UnsupportedChain')
    await expect(page.getByTestId('toolkit-eip155-network-name')).toHaveText('Unknown Network')
    // ...and back to a listed chain by itself: Paylink follows (AppKit alone stays on "Unknown Network").
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.walletSwitchChain(31337))
    await expect(card).toBeHidden()
    await expect(page.getByTestId('toolkit-eip155-network-name')).toHaveText('Paylink Devnet')
    await expect(page.getByTestId('toolkit-eip155-network-caip-network-id')).toHaveText('eip155:31337')
    await expect(page.locator('appkit-network-button')).toContainText('Paylink Devnet')

    // Swap and ApproveTransaction: without a project id they open an empty modal (only the alert
    // bar shows), so spec-cloud.spec.ts opens them, with one.
    await expect(page.getByTestId('toolkit-views-seen')).toContainText('SwitchNetwork')
    // Toolkit views, not product routes: the address never changed.
    expect(new URL(page.url()).pathname).toBe('/toolkit')
  })
})
