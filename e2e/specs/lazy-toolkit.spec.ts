import type { Page } from '@playwright/test'
import { payFromDevWalletModal } from '../support/checkoutPayer.js'
import { expect, test } from '../support/fixtures.js'

/** The toolkit's entry chunk (apps/web/src/appkit/kitModule.ts): asked for means AppKit is loading. */
const toolkitChunk = /\/assets\/kitModule-[\w-]+\.js$/

/** The Solana and Bitcoin adapters' chunks (named so in apps/web/vite.config.ts). */
const otherAdapterChunk = /\/assets\/appkit-adapter-(solana|bitcoin)-[\w-]+\.js$/

/** Every request for a chunk `chunk` matches the page makes from now on. */
function chunkRequests(page: Page, chunk: RegExp): string[] {
  const asked: string[] = []
  page.on('request', (request) => {
    if (chunk.test(request.url())) asked.push(request.url())
  })
  return asked
}

const toolkitRequests = (page: Page) => chunkRequests(page, toolkitChunk)

/** The page loaded and quiet: whatever it fetches by itself has been fetched. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
}

const toolkitDefined = (page: Page) => page.evaluate(() => customElements.get('w3m-modal') !== undefined)

test.describe('the toolkit loads when it is wanted (issue #32)', () => {
  test('the home page does not ask for the toolkit, even when the visitor reads and clicks around', async ({
    page,
  }) => {
    const asked = toolkitRequests(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Crypto payment links')
    await settle(page)
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('End')
    await settle(page)
    expect(asked, 'no toolkit chunk requested on /').toEqual([])
    expect(await toolkitDefined(page)).toBe(false)
  })

  test('the checkout asks for it only at the press of Connect; the modal opens on that first press, the Dev Wallet pays, and no Solana or Bitcoin adapter loads for an EVM-only link', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const created = await page.request.post('/devnet/demo-link')
    expect(created.status()).toBe(201)
    const { payPath } = (await created.json()) as { payPath: string }
    const asked = toolkitRequests(page)
    const otherAdapters = chunkRequests(page, otherAdapterChunk)
    await page.goto(payPath)
    await expect(page.getByTestId('link-title')).toBeVisible()
    await settle(page)
    // The scan-to-pay path needs no toolkit either.
    await page.getByTestId('pay-tab-scan').click()
    await settle(page)
    expect(asked, 'no toolkit chunk before the first interaction with Connect').toEqual([])
    expect(await toolkitDefined(page)).toBe(false)

    await page.getByTestId('pay-tab-wallet').click()
    await page.getByTestId('pay-connect').click()
    const modal = page.locator('w3m-modal')
    await expect(modal.locator('wui-card'), 'the modal opens on the first press').toBeVisible({ timeout: 30_000 })
    expect(asked.length).toBeGreaterThan(0)
    await payFromDevWalletModal(page)
    await expect(page.getByTestId('receipt-amount')).toHaveText('12 TUSD')
    // The demo link pays on the EVM devnet only: the devnet's Solana and Bitcoin chains are configured,
    // but their adapters are not the checkout's to load.
    expect(otherAdapters, 'no Solana or Bitcoin adapter for an EVM-only link').toEqual([])
  })
})
