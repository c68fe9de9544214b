import type { Locator, Page } from '@playwright/test'
import { connectWallet, expect, openConnectModal, test, withReownProjectId } from '../support/fixtures.js'

test.use(withReownProjectId)

/**
 * WalletConnect's relay refusing this site, as the real one does: it accepts the socket, sends a
 * JSON-RPC error with id 0 and closes with code 3000 and the reason. WalletConnect's core ignores
 * the message and acts on the close (`WebSocket connection closed abnormally with code: 3000
 * (<reason>)`). Every attempt is refused the same way; `refusals` counts the ones the page took in
 * (the core logs each at level fatal before closing its transport).
 */
async function refuseRelay(page: Page, reason: string) {
  const sockets: string[] = []
  let refusals = 0
  page.on('console', (message) => {
    // Chromium shortens the logged object's first line; this second one is whole.
    if (message.text().includes('Fatal socket error received, closing transport')) refusals += 1
  })
  await page.routeWebSocket(/^wss:\/\/relay\.walletconnect\.(org|com)\//, (ws) => {
    sockets.push(ws.url())
    ws.send(JSON.stringify({ id: 0, jsonrpc: '2.0', error: { code: 3000, message: reason } }))
    // The route handler is synchronous; closing is fire-and-forget, the spec waits on what the page shows.
    void ws.close({ code: 3000, reason })
  })
  return { sockets, refusals: () => refusals }
}

/**
 * Reown's cloud lists this origin as allowed (otherwise the toolkit's start-up origin check
 * raises its own 'Invalid App Configuration', which is not the relay's).
 */
async function allowOriginInCloud(page: Page, origin: string) {
  await page.route(/^https:\/\/api\.web3modal\.org\/projects\/v1\/origins/, (route) =>
    route.fulfill({ json: { allowedOrigins: [origin] }, headers: { 'access-control-allow-origin': '*' } }),
  )
}

/** After a toolkit failure: the open modal closes with Escape and a browser wallet still connects. */
async function closeModalAndConnect(page: Page, modal: Locator) {
  await page.keyboard.press('Escape')
  await expect(modal.locator('wui-card')).toBeHidden()
  await connectWallet(page, 'Paylink Test Wallet')
  await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
}

async function tryWalletConnect(page: Page) {
  const modal = await openConnectModal(page)
  await modal.getByText('WalletConnect').first().click()
  await expect(page.getByTestId('toolkit-view')).toHaveText('ConnectingWalletConnect')
  return modal
}

interface Refusal {
  reason: string
  alert: string
  /** The toolkit's long message for it, which the toolkit page lists beside the alert. */
  detail: string
}

/**
 * Three WalletConnect attempts, each refused by the relay on a new socket: the visitor sees the
 * alert once, and the toolkit page lists it once. Then a browser wallet still connects.
 */
async function refusedEveryTime(page: Page, origin: string, { reason, alert, detail }: Refusal) {
  const relay = await refuseRelay(page, reason)
  await allowOriginInCloud(page, origin)
  await page.goto('/toolkit')
  await expect(page.getByTestId('toolkit-wc-session')).toHaveText('none')
  await expect(page.getByTestId('toolkit-alerts')).toHaveCount(0)

  // First attempt: the relay refuses, the visitor is told why in the modal's alert bar.
  const modal = await tryWalletConnect(page)
  await expect.poll(relay.refusals).toBeGreaterThanOrEqual(1)
  const shown = modal.locator('w3m-alertbar').getByText(alert)
  await expect(shown).toBeVisible()
  const alerts = page.getByTestId('toolkit-alerts').locator('li')
  await expect(alerts).toHaveCount(1)
  await expect(alerts).toContainText(`${alert}: `)
  await expect(alerts).toContainText(detail)
  await modal.locator('w3m-alertbar wui-icon.close').click()
  await expect(shown).toHaveCount(0)

  // Two more attempts, each refused the same way on a new socket: no new alert. (WalletConnect's
  // core also reconnects by itself now and then, on a busy machine several times per attempt:
  // more refusals, still one alert.)
  for (let attempt = 2; attempt <= 3; attempt++) {
    await page.keyboard.press('Escape')
    await expect(modal.locator('wui-card')).toBeHidden()
    const before = relay.refusals()
    await tryWalletConnect(page)
    await expect.poll(relay.refusals).toBeGreaterThan(before)
    expect(relay.sockets.length).toBeGreaterThanOrEqual(attempt)
    await expect(shown).toHaveCount(0)
  }

  // The page is still usable: the modal closes and a browser wallet connects.
  await closeModalAndConnect(page, modal)
  await expect(alerts).toHaveCount(1)
}

/** What the relay answers on every WalletConnect attempt, and the one alert each answer must give. */
const refusals = [
  {
    what: 'this origin',
    reason: 'Unauthorized: origin not allowed',
    alert: 'Invalid App Configuration',
    detail: (origin: string) => `Origin ${origin} not found on Allowlist - update configuration on cloud.reown.com`,
  },
  {
    what: 'the project id',
    reason: 'Unauthorized: invalid key',
    alert: 'Invalid App Configuration',
    detail: () => 'Invalid Project ID - update configuration',
  },
  {
    what: 'the client’s token',
    reason: 'JWT validation error: JWT Token is not yet valid',
    alert: 'Session Expired',
    detail: () => 'Invalid session found on UniversalProvider - please check your time settings and connect again',
  },
]

test.describe('spec §8: universal-provider errors become alerts, each shown once', () => {
  for (const { what, reason, alert, detail } of refusals)
    test(`the relay refusing ${what} on every WalletConnect attempt shows "${alert}" once`, async ({
      page,
      paylink,
    }) => {
      await refusedEveryTime(page, paylink.origin, { reason, alert, detail: detail(paylink.origin) })
    })
})

test.describe('spec §4: a universal provider that fails to start', () => {
  test('sends the internal error event to the toolkit page, which stays usable: a browser wallet connects', async ({
    page,
  }) => {
    // The browser's IndexedDB aborts the read of WalletConnect's keychain, as it does when its
    // backing store fails underneath an open database. WalletConnect's core then rejects its start.
    await page.addInitScript(() => {
      const get = IDBObjectStore.prototype.get
      IDBObjectStore.prototype.get = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
        const request = get.call(this, query)
        if (query === 'wc@2:core:0.3:keychain') this.transaction.abort()
        return request
      }
    })
    await page.goto('/toolkit')
    const errors = page.getByTestId('toolkit-errors').locator('li')
    // AppKit sends the event for every caller that asked for the provider; the page lists it once.
    await expect(errors).toHaveCount(1)
    await expect(errors).toContainText('INTERNAL_SDK_ERROR UniversalProviderInitError: The transaction was aborted')
    await expect(page.getByTestId('toolkit-wc-session')).toHaveText(
      /^none: the WalletConnect provider did not start \(UniversalProviderInitError: /,
    )

    // The page works on: the modal opens and closes, and a browser wallet connects.
    await closeModalAndConnect(page, await openConnectModal(page))
    await expect(errors).toHaveCount(1)
  })
})

test.describe('a browser whose storage is full', () => {
  test('the toolkit never finishes starting (WalletConnect waits on its storage); Paylink says so instead of a blank header', async ({
    page,
    baseURL,
  }) => {
    test.slow() // the notice comes after the 10 s limit
    // The origin's quota is one byte, as on a full disk: WalletConnect's storage never answers.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: 1 })
    await page.goto('/wallet')
    // /wallet starts the toolkit at the visitor's first press on a wallet control, not with the page.
    await page.getByRole('button', { name: 'Connect a wallet' }).click()
    await expect(page.getByTestId('toolkit-stalled')).toContainText(
      'The wallet toolkit has not finished starting after 10 s',
      { timeout: 20_000 },
    )
    await expect(page.getByTestId('toolkit-stalled').getByRole('button', { name: 'Reload' })).toBeVisible()
  })
})
