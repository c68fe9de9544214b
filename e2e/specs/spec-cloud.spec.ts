import { SOLANA_DEVNET } from '../support/chainFixtures.js'
import { connectWallet, expect, openConnectModal, test, withReownProjectId } from '../support/fixtures.js'

test.use(withReownProjectId)

test.describe('spec §1, §5, §7: with a Reown project id while Reown’s hosts fail', () => {
  test('connect methods come in the order email, social, wallet, and the unreachable cloud gives alerts, not a hang', async ({
    page,
  }) => {
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
          if (['w3m-email-login-widget', 'w3m-social-login-widget', 'w3m-wallet-login-list'].includes(el.localName))
            names.push(el.localName)
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

  test('email, WalletConnect and swaps need Reown’s cloud: Paylink says it is unreachable, nothing hangs, a browser wallet still connects', async ({
    page,
  }) => {
    await page.goto('/toolkit')
    await expect(page.getByTestId('toolkit-cloud')).toContainText('Unreachable: api.web3modal.org did not answer')
    await expect(page.getByTestId('toolkit-cloud')).toContainText('browser wallets still connect, sign and send')

    // The provider's per-chain RPC: for the chains Reown serves, the toolkit lists its endpoint after Paylink's.
    const reownRpc = (chainId: string) =>
      `https://rpc.walletconnect.org/v1/?chainId=${encodeURIComponent(chainId)}&projectId=0123456789abcdef0123456789abcdef`
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
    await expect(cloud).toContainText('Unreachable: api.web3modal.org did not answer (no answer within 4000 ms)', {
      timeout: 4500,
    })
  })
})

/** The toolkit's own project-configuration request (Paylink's check adds `sv=paylink-probe`). */
const TOOLKIT_CONFIG = (url: URL) =>
  url.href.startsWith('https://api.web3modal.org/appkit/v1/config?') && url.searchParams.get('sv') !== 'paylink-probe'
const ORIGINS = /^https:\/\/api\.web3modal\.org\/projects\/v1\/origins\?/
const CORS = { 'access-control-allow-origin': '*' }

test.describe('spec §7: the toolkit’s project-configuration and allowed-origins fetches, answered by a stand-in', () => {
  test('the features the project configuration answers replace Paylink’s own; when it never answers the toolkit falls back to them within 4 s', async ({
    page,
    baseURL,
  }) => {
    // STAND-IN for Reown's cloud: social login with Google only, no email, swaps and on-ramp off (the
    // `features` list of /appkit/v1/config as 1.7.8's ConfigUtil reads it).
    const asked: URL[] = []
    await page.route(TOOLKIT_CONFIG, (route) => {
      asked.push(new URL(route.request().url()))
      return route.fulfill({
        json: {
          features: [
            { id: 'social_login', isEnabled: true, config: ['google'] },
            { id: 'swap', isEnabled: false, config: null },
            { id: 'onramp', isEnabled: false, config: null },
            { id: 'activity', isEnabled: false, config: null },
            { id: 'reown_branding', isEnabled: true, config: null },
          ],
        },
        headers: CORS,
      })
    })
    await page.route(ORIGINS, (route) =>
      route.fulfill({ json: { allowedOrigins: [new URL(baseURL!).origin] }, headers: CORS }),
    )
    await page.goto('/toolkit')
    await expect(page.getByTestId('toolkit-alerts')).toContainText('Local configuration ignored')
    expect(asked).toHaveLength(1)
    expect([asked[0]!.searchParams.get('projectId'), asked[0]!.searchParams.get('st')]).toEqual([
      '0123456789abcdef0123456789abcdef',
      'appkit',
    ])
    const modal = await openConnectModal(page)
    const connect = modal.locator('w3m-connect-view')
    await expect(connect.locator('w3m-social-login-widget')).toBeVisible()
    await expect(connect.locator('w3m-wallet-login-list')).toBeVisible()
    // Paylink asks for email and five socials; the cloud's answer wins: no email field, Google alone.
    await expect(connect.locator('w3m-email-login-widget')).toHaveCount(0)
    const socials = connect.locator('w3m-social-login-widget [data-testid^="social-selector-"]')
    await expect(socials).toHaveCount(1)
    await expect(socials).toHaveAttribute('data-testid', 'social-selector-google')
    await page.keyboard.press('Escape')

    // The endpoint never answers: the toolkit says it falls back to the site's features (its own warning) once
    // Paylink's host guard (apps/web/src/appkit/hostGuard.ts) has ended the request after 3 s.
    await page.unroute(TOOLKIT_CONFIG)
    let requestedAt = 0
    await page.route(TOOLKIT_CONFIG, () => {
      requestedAt = Date.now()
    })
    const fellBack = new Promise<number>((resolve) =>
      page.on('console', (message) => {
        if (
          message
            .text()
            .includes('[Reown Config] Failed to fetch remote project configuration. Using local/default values.')
        )
          resolve(Date.now())
      }),
    )
    await page.reload()
    const after = (await fellBack) - requestedAt
    expect(requestedAt).toBeGreaterThan(0)
    expect(after).toBeGreaterThanOrEqual(2900)
    expect(after).toBeLessThanOrEqual(4000)
    // The site's own features are back: email, then the five socials.
    const again = await openConnectModal(page)
    await expect(again.locator('w3m-connect-view w3m-email-login-widget')).toBeVisible()
    await expect(again.locator('w3m-connect-view [data-testid="social-selector-x"]')).toBeVisible()
  })

  test('an origin missing from the allowed-origins answer gets "Invalid App Configuration"; an origin on it gets no alert', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin
    let allowed = ['https://shop.example.com', 'https://*.example.org']
    let answered = 0
    await page.route(ORIGINS, (route) => {
      answered += 1
      return route.fulfill({ json: { allowedOrigins: allowed }, headers: CORS })
    })
    await page.goto('/toolkit')
    const alerts = page.getByTestId('toolkit-alerts')
    await expect(alerts).toContainText('Invalid App Configuration')
    expect(answered).toBe(1)
    const modal = await openConnectModal(page)
    await expect(modal.locator('w3m-alertbar')).toContainText('Invalid App Configuration')
    await page.keyboard.press('Escape')

    // The same answer with this origin on it: the toolkit raises nothing.
    allowed = ['https://shop.example.com', origin]
    const response = page.waitForResponse(ORIGINS)
    await page.reload()
    expect(await (await response).json()).toEqual({ allowedOrigins: allowed })
    // The check runs as soon as the answer is read; the alert came within this second in the first load.
    await page.waitForTimeout(1000)
    await expect(page.getByText('None.').first()).toBeVisible()
    await expect(alerts).toHaveCount(0)
  })
})
