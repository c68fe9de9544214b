import type { BrowserContext, Page, Route } from '@playwright/test'
import { expect, signInWithTestWallet, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets, LINK_RECIPIENT, signInWithTusdLink } from '../support/merchantApi.js'

// The checkout's "Scan to pay" panel, on its own. In this branch the server gives every option
// `paymentUri: null` (the chain families that fill it are built elsewhere), so the payer's browser
// here sees the real link with a payment URI and a deposit address added by `page.route`: the
// page's own requests for the link (its document's boot data is dropped so it asks the API, the
// API answer, and the event stream) are answered with the real link plus these stand-ins. The
// payment by scanning itself, from a wallet the app never saw to Paid, is proven end to end by
// e2e/specs/scan-to-pay.spec.ts.

// A stand-in for the deposit (forwarder) address the server will give an EVM option.
const DEPOSIT = '0x00000000000000000000000000000000DeC0dE01'
const DEVNET = 'eip155:31337'

interface LinkJson {
  id: string
  status: string
  version: number
  options: Array<{
    id: string
    asset: string
    amount: string
    paid: string
    confirming: string
    paymentUri: string | null
    depositAddress: string | null
  }>
  payments: Array<Record<string, unknown>>
}

async function createLink(page: Page, title: string, options: Array<{ asset: string; amount: string }>) {
  return createLinkThroughApi<LinkJson>(page, {
    title,
    expiresInSeconds: 3600,
    options: options.map((o) => ({ ...o, recipient: LINK_RECIPIENT })),
  })
}

/** What the test changes in the link the page is served, on top of the real one. */
type Overlay = (link: LinkJson) => LinkJson

/**
 * Serves the payer's page the real link with `overlay` applied: the document without its boot
 * data, `GET /api/links/:id`, and the event stream (one event per connection; the browser's
 * EventSource reconnects after `retry`, so changing the overlay reaches the page live).
 */
async function serveWithOverlay(context: BrowserContext, linkId: string, initial: Overlay) {
  let overlay = initial
  let bump = 0
  const current = async () => {
    const real = (await (await context.request.get(`/api/links/${linkId}`)).json()) as LinkJson
    const changed = overlay(structuredClone(real))
    // The page keeps the newest version it saw: an overlay that changes counts as newer.
    return { ...changed, version: real.version + bump }
  }
  await context.route(`**/pay/${linkId}`, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(
      /<script type="application\/json" id="paylink-boot">[\s\S]*?<\/script>/,
      '',
    )
    await route.fulfill({ response, body: html })
  })
  // The page's event stream reconnects every 300 ms until the context closes: a request caught
  // mid-teardown is dropped instead of failing a test that already ended.
  const settle = async (route: Route, answer: () => Promise<void>) =>
    answer().catch(() => route.abort().catch(() => {}))
  await context.route(`**/api/links/${linkId}`, async (route) =>
    settle(route, async () => route.fulfill({ json: await current() })),
  )
  await context.route(`**/api/links/${linkId}/events`, async (route) =>
    settle(route, async () =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
        body: `retry: 300\nevent: link\ndata: ${JSON.stringify(await current())}\n\n`,
      }),
    ),
  )
  return (next: Overlay) => {
    overlay = next
    bump++
  }
}

const tusdUri = (tokenAssetId: string) =>
  `ethereum:${tokenAssetId.split(':').pop()}@31337/transfer?address=${DEPOSIT}&uint256=1234500000`
const ethUri = `ethereum:${LINK_RECIPIENT}@31337?value=4000000000000000`

/** TUSD gets a deposit address and an EIP-681 token transfer; ETH pays the recipient itself; the L2 option keeps null. */
function withScanFacts(tusd: string): Overlay {
  return (link) => {
    for (const option of link.options) {
      if (option.asset === tusd) Object.assign(option, { paymentUri: tusdUri(tusd), depositAddress: DEPOSIT })
      else if (option.asset.startsWith(`${DEVNET}/`))
        Object.assign(option, { paymentUri: ethUri, depositAddress: null })
      else Object.assign(option, { paymentUri: null, depositAddress: null })
    }
    return link
  }
}

async function noHorizontalScroll(page: Page) {
  const sizes = await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="scan-panel"]')!
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      panel: [panel.scrollWidth, panel.clientWidth],
    }
  })
  expect(sizes.page[0], `page scrollWidth ${sizes.page[0]} > clientWidth ${sizes.page[1]}`).toBeLessThanOrEqual(
    sizes.page[1]!,
  )
  expect(sizes.panel[0], `panel scrollWidth ${sizes.panel[0]} > clientWidth ${sizes.panel[1]}`).toBeLessThanOrEqual(
    sizes.panel[1]!,
  )
}

test.describe('checkout: Scan to pay panel', () => {
  test.describe.configure({ timeout: 120_000 })

  test('no option with a payment URI: no tab, the checkout is the wallet area as before', async ({
    page,
    newWalletContext,
  }) => {
    const { link } = await signInWithTusdLink<LinkJson>(page, {
      title: 'No URI yet',
      amount: '5',
      expiresInSeconds: 3600,
    })
    // The devnet's EVM options all have deposit addresses; an option the server cannot attribute
    // (a plain Bitcoin address, a chain without the deposit factory) comes without a URI: played here.
    const context = await newWalletContext()
    await serveWithOverlay(context, link.id, (real) => {
      for (const option of real.options) Object.assign(option, { paymentUri: null, depositAddress: null })
      return real
    })
    const payer = await context.newPage()
    await payer.goto(`/pay/${link.id}`)
    await expect(payer.getByTestId('link-title')).toHaveText('No URI yet')
    await expect(payer.getByTestId('pay-connect')).toBeVisible()
    await expect(payer.getByRole('tablist')).toHaveCount(0)
    await expect(payer.getByRole('tab', { name: 'Scan to pay' })).toHaveCount(0)
  })

  test('tab only for options with a URI, QR of the exact URI, copy buttons, keyboard, live status, phone and desktop layout', async ({
    page,
    newWalletContext,
  }, testInfo) => {
    await signInWithTestWallet(page)
    const { tusd, eth, ethL2 } = await devnetAssets(page)
    const link = await createLink(page, 'Coffee beans', [
      { asset: tusd, amount: '1234.5' },
      { asset: eth, amount: '0.004' },
      { asset: ethL2, amount: '0.002' },
    ])
    const [tusdOption, , l2Option] = link.options
    const context = await newWalletContext()
    const origin = new URL(page.url()).origin
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    const setOverlay = await serveWithOverlay(context, link.id, withScanFacts(tusd))
    const payer = await context.newPage()
    const chunks: string[] = []
    payer.on('request', (request) => chunks.push(new URL(request.url()).pathname))

    await payer.setViewportSize({ width: 1280, height: 900 })
    await payer.goto(`/pay/${link.id}`)
    const walletTab = payer.getByRole('tab', { name: 'Wallet' })
    const scanTab = payer.getByRole('tab', { name: 'Scan to pay' })
    await expect(scanTab).toBeVisible()
    await expect(walletTab).toHaveAttribute('aria-selected', 'true')
    await expect(scanTab).toHaveAttribute('aria-selected', 'false')
    await expect(payer.getByTestId('pay-connect')).toBeVisible()
    // Lazy: nothing of the panel (nor its QR encoder) is fetched before the tab is wanted.
    expect(chunks.filter((c) => /ScanToPay/.test(c))).toEqual([])

    // Keyboard: arrows move and select (wrapping), Home/End, roving tabindex.
    await walletTab.focus()
    await payer.keyboard.press('ArrowRight')
    await expect(scanTab).toBeFocused()
    await expect(scanTab).toHaveAttribute('aria-selected', 'true')
    await expect(scanTab).toHaveAttribute('tabindex', '0')
    await expect(walletTab).toHaveAttribute('tabindex', '-1')
    await expect(payer.getByTestId('scan-panel')).toBeVisible()
    await expect(payer.getByTestId('pay-connect')).toBeHidden()
    await payer.keyboard.press('ArrowRight')
    await expect(walletTab).toBeFocused()
    await expect(walletTab).toHaveAttribute('aria-selected', 'true')
    await payer.keyboard.press('End')
    await expect(scanTab).toHaveAttribute('aria-selected', 'true')
    await payer.keyboard.press('Home')
    await expect(walletTab).toHaveAttribute('aria-selected', 'true')
    await payer.keyboard.press('ArrowLeft')
    await expect(scanTab).toBeFocused()
    await expect(scanTab).toHaveAttribute('aria-selected', 'true')
    expect(chunks.filter((c) => /ScanToPay/.test(c)).length).toBeGreaterThan(0)

    // Only the options with a URI are offered; the first is chosen.
    const panel = payer.getByTestId('scan-panel')
    await expect(panel.getByRole('radio')).toHaveCount(2)
    await expect(panel.getByTestId(`scan-choose-${l2Option!.id}`)).toHaveCount(0)
    await expect(panel.getByRole('radio', { name: '1,234.5 TUSD on Paylink Devnet' })).toBeChecked()
    await expect(panel.getByRole('radio', { name: '0.004 ETH on Paylink Devnet' })).not.toBeChecked()

    // The QR is of exactly the server's URI; "Open in wallet" opens it.
    const qr = panel.getByTestId('scan-qr')
    await expect(qr).toHaveAttribute('data-payment-uri', tusdUri(tusd))
    await expect(qr).toHaveAttribute('aria-label', 'QR code to pay 1,234.5 TUSD on Paylink Devnet')
    await expect(panel.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute('href', tusdUri(tusd))
    await expect(panel.getByTestId('scan-warning')).toContainText(
      'Network: Paylink Devnet. Send on Paylink Devnet only.',
    )
    await expect(panel.getByTestId('scan-warning')).toContainText(
      `Send TUSD (token ${tusd.split(':').pop()!.slice(0, 6)}…${tusd.slice(-4)}) only.`,
    )
    await expect(panel.getByTestId('scan-amount')).toContainText('1,234.5 TUSD')
    await expect(panel.getByTestId('scan-address')).toContainText(DEPOSIT)
    await expect(panel.getByTestId('scan-status')).toHaveText('Waiting for payment')

    // Copy buttons, reached with Tab from "Open in wallet", put the exact strings on the clipboard.
    await panel.getByRole('link', { name: 'Open in wallet' }).focus()
    await payer.keyboard.press('Tab')
    const copyAmount = panel.getByRole('button', { name: 'Copy amount' })
    await expect(copyAmount).toBeFocused()
    await payer.keyboard.press('Enter')
    await expect(panel.getByTestId('scan-amount').getByRole('button')).toHaveText('Copied')
    expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe('1234.5')
    await payer.keyboard.press('Tab')
    await expect(panel.getByRole('button', { name: 'Copy address' })).toBeFocused()
    await payer.keyboard.press('Enter')
    await expect(panel.getByTestId('scan-address').getByRole('button')).toHaveText('Copied')
    expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe(DEPOSIT)

    // Tap targets: 44 px for the primary action, the tabs and the copy buttons.
    for (const target of [
      scanTab,
      walletTab,
      panel.getByRole('link', { name: 'Open in wallet' }),
      panel.getByTestId('scan-amount').getByRole('button'),
      panel.getByTestId('scan-address').getByRole('button'),
    ]) {
      const box = (await target.boundingBox())!
      expect(box.height, `${await target.textContent()} is ${box.height} px tall`).toBeGreaterThanOrEqual(44)
    }
    await payer.screenshot({ path: testInfo.outputPath('scan-panel-1280.png'), fullPage: true })

    // The other option: its own URI, an address that is the recipient itself, no token warning.
    await panel.getByRole('radio', { name: '0.004 ETH on Paylink Devnet' }).check()
    await expect(qr).toHaveAttribute('data-payment-uri', ethUri)
    await expect(panel.getByTestId('scan-address')).toContainText(LINK_RECIPIENT)
    await expect(panel.getByTestId('scan-warning')).toContainText("Send ETH, the network's own coin, not a token.")
    await panel.getByTestId('scan-amount').getByRole('button').click()
    expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe('0.004')
    await panel.getByRole('radio', { name: '1,234.5 TUSD on Paylink Devnet' }).check()

    // A 390 px phone: no sideways scroll, a QR a camera can read.
    await payer.setViewportSize({ width: 390, height: 844 })
    await expect(qr).toBeVisible()
    await noHorizontalScroll(payer)
    const qrBox = (await qr.boundingBox())!
    expect(qrBox.width, `QR is ${qrBox.width} px wide`).toBeGreaterThanOrEqual(220)
    await payer.screenshot({ path: testInfo.outputPath('scan-panel-390.png'), fullPage: true })

    // Live status from the stream: seen and confirming 1/2, then paid gives way to the receipt.
    const payment = {
      id: 'pay_standin',
      linkId: link.id,
      caipNetworkId: DEVNET,
      txHash: `0x${'ab'.repeat(32)}`,
      status: 'confirming',
      reason: null,
      confirmations: 1,
      requiredConfirmations: 2,
      amount: '1234.5',
      asset: tusd,
      optionId: tusdOption!.id,
      payer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      blockNumber: '42',
      late: false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      detectedAt: new Date().toISOString(),
      confirmedAt: null,
    }
    setOverlay((l) => {
      const next = withScanFacts(tusd)(l)
      next.options[0]!.confirming = '1234.5'
      next.payments = [payment]
      return next
    })
    await expect(panel.getByTestId('scan-status')).toHaveText('Seen, confirming 1/2')
    await expect(qr).toHaveCount(0)
    await noHorizontalScroll(payer)
    await payer.screenshot({ path: testInfo.outputPath('scan-panel-390-confirming.png'), fullPage: true })
    setOverlay((l) => {
      const next = withScanFacts(tusd)(l)
      next.status = 'paid'
      next.options[0]!.paid = '1234.5'
      next.payments = [{ ...payment, status: 'confirmed', confirmations: 2, confirmedAt: new Date().toISOString() }]
      return next
    })
    await expect(payer.getByTestId('receipt')).toBeVisible()
    await expect(payer.getByTestId('scan-panel')).toHaveCount(0)
    await expect(payer.getByRole('tablist')).toHaveCount(0)
  })
})
