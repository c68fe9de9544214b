import { SOLANA_DEVNET } from '../support/chainFixtures.js'
import { connectWallet, expect, openConnectModal, test } from '../support/fixtures.js'

test.use({ serverOptions: { env: { REOWN_PROJECT_ID: '0123456789abcdef0123456789abcdef' } } })

test.describe('spec §1, §5, §7: with a Reown project id while Reown’s hosts fail', () => {
  test('connect methods come in the order email, social, wallet, and the unreachable cloud gives alerts, not a hang', async ({ page }) => {
    const started = Date.now()
    await page.goto('/toolkit')
    const modal = await openConnectModal(page)
    expect(Date.now() - started).toBeLessThan(10_000)
    const connect = modal.locator('w3m-connect-view')
    await expect(connect.locator('w3m-email-login-widget')).toBeVisible()
    await expect(connect.locator('w3m-social-login-widget')).toBeVisible()
    await expect(connect.locator('w3m-wallet-login-list')).toBeVisible()
    const order = await connect.evaluate((view) => {
      const names: string[] = []
      const walk = (root: ParentNode) =>
        root.querySelectorAll('*').forEach((el) => {
          if (['w3m-email-login-widget', 'w3m-social-login-widget', 'w3m-wallet-login-list'].includes(el.localName)) names.push(el.localName)
          if (el.shadowRoot) walk(el.shadowRoot)
        })
      walk(view.shadowRoot ?? view)
      return names
    })
    expect(order).toEqual(['w3m-email-login-widget', 'w3m-social-login-widget', 'w3m-wallet-login-list'])
    await page.keyboard.press('Escape')

    // The allowed-origins fetch fails: the toolkit tells the operator the app configuration is invalid.
    await expect(page.getByTestId('toolkit-alerts')).toContainText('Invalid App Configuration')
    // The universal provider starts (it needs the relay only once a WalletConnect pairing begins).
    await expect(page.getByTestId('toolkit-wc-session')).toHaveText('none')
    await expect(page.getByTestId('toolkit-errors')).toHaveCount(0)
  })

  test('email, WalletConnect and swaps need Reown’s cloud: Paylink says it is unreachable, nothing hangs, a browser wallet still connects', async ({ page }) => {
    await page.goto('/toolkit')
    await expect(page.getByTestId('toolkit-cloud')).toContainText('Unreachable: api.web3modal.org did not answer')
    await expect(page.getByTestId('toolkit-cloud')).toContainText('browser wallets still connect, sign and send')

    // The provider's per-chain RPC: for the chains Reown serves, the toolkit lists its endpoint after Paylink's.
    const reownRpc = (chainId: string) => `https://rpc.walletconnect.org/v1/?chainId=${encodeURIComponent(chainId)}&projectId=0123456789abcdef0123456789abcdef`
    // The demo's own Solana devnet comes first (Reown serves no such chain): switch to the listed Solana Devnet.
    const networks = page.getByRole('region', { name: 'Networks' })
    await networks.getByLabel('Namespace').selectOption('solana')
    await networks.getByLabel('Network reference').fill(SOLANA_DEVNET.split(':')[1]!)
    await networks.getByRole('button', { name: 'Switch to it' }).click()
    await expect(page.getByTestId('toolkit-network-outcome')).toHaveText('Switch network: done')
    await expect(page.getByTestId('toolkit-solana-network-rpc-urls')).toHaveText(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/? ${reownRpc(SOLANA_DEVNET).replace(/[.?]/g, '\\$&')}( |$)`),
    )
    await expect(page.getByTestId('toolkit-eip155-network-rpc-urls')).not.toContainText('rpc.walletconnect.org')

    // Email login: the toolkit shows its alert; the visitor can close the modal and go on.
    let modal = await openConnectModal(page)
    await modal.locator('w3m-email-login-widget input[type="email"]').fill('payer@example.com')
    await page.keyboard.press('Enter')
    await expect(modal.locator('w3m-alertbar')).toContainText('Invalid App Configuration')
    await page.keyboard.press('Escape')
    await expect(modal.locator('wui-card')).toBeHidden()

    // WalletConnect QR: no pairing without the relay, so no session; closing works.
    modal = await openConnectModal(page)
    await modal.getByText('WalletConnect').first().click()
    await expect(page.getByTestId('toolkit-view')).toHaveText('ConnectingWalletConnect')
    await page.keyboard.press('Escape')
    await expect(modal.locator('wui-card')).toBeHidden()
    await expect(page.getByTestId('toolkit-wc-session')).toHaveText('none')

    // A browser wallet connects as usual; the swap view opens but has no tokens to offer.
    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    await page.getByRole('button', { name: 'Open Swap' }).click()
    await expect(modal.locator('w3m-swap-view')).toBeVisible()
    await expect(modal.locator('w3m-swap-view').getByText('Select token').first()).toBeVisible()
    await expect(page.getByTestId('toolkit-view')).toHaveText('Swap')
    await page.keyboard.press('Escape')
    await expect(modal.locator('wui-card')).toBeHidden()
    await page.getByRole('button', { name: 'Open ApproveTransaction' }).click()
    await expect(page.getByTestId('toolkit-view')).toHaveText('ApproveTransaction')
    // The view only places the embedded wallet's frame (secure.walletconnect.org) over itself: here it is
    // mounted in the open modal but has no size and shows nothing.
    await expect(modal.locator('wui-card')).toBeVisible()
    await expect(modal.locator('w3m-approve-transaction-view')).toBeAttached()
    await expect(modal.locator('w3m-approve-transaction-view')).toBeHidden()
    await page.keyboard.press('Escape')
    await expect(modal.locator('wui-card')).toBeHidden()
  })

  test('the cloud check gives up 4 s after it starts when Reown’s config endpoint never answers', async ({ page }) => {
    // Only Paylink's own check hangs (a network that drops packets); the toolkit's requests still fail at once.
    await page.route(/^https:\/\/api\.web3modal\.org\/appkit\/v1\/config\?.*sv=paylink-probe/, () => {})
    await page.goto('/toolkit')
    const cloud = page.getByTestId('toolkit-cloud')
    await expect(cloud).toHaveText('Checking Reown’s cloud…')
    // The promise is 4 s; the wait allows 4 s from when the page shows it is checking, and half a second to render.
    await expect(cloud).toContainText('Unreachable: api.web3modal.org did not answer (no answer within 4000 ms)', { timeout: 4500 })
  })
})
