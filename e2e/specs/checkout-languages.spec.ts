import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from '@playwright/test'
import { expect, signInWithTestWallet, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'

/**
 * The payer's checkout in Arabic (right to left) and Simplified Chinese at a phone's width:
 * chosen by `?lang=` and by the header's switcher, remembered across visits, the page's words,
 * `<html lang dir>`, a payment to Paid and the receipt in that language, amounts and hashes left
 * to right, nothing wider than the screen, and no serious axe finding (the toolkit's modal is
 * AppKit's, as AppKit writes it, and is left out).
 */

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).exclude('w3m-modal').analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what}: serious or critical axe violations`,
  ).toEqual([])
}

/** Nothing sticks out sideways at 390 px, and the header's merchant name and language switcher do not overlap. */
async function expectFitsThePhone(page: Page, what: string) {
  const layout = await page.evaluate(() => {
    const box = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)!.getBoundingClientRect()
    const name = box('merchant-name')
    const select = box('language-select')
    return {
      scrollWidth: document.documentElement.scrollWidth,
      overlap: name.left < select.right && select.left < name.right && name.top < select.bottom,
    }
  })
  expect(layout, `${what}: fits 390 px`).toEqual({ scrollWidth: 390, overlap: false })
}

/** A merchant's one-option Test USD link, and a payer's page at a phone's width in a browser of its own. */
async function linkAndPayer(merchant: Page, payerContext: BrowserContext, amount: string) {
  await signInWithTestWallet(merchant)
  const { tusd } = await devnetAssets(merchant)
  const link = await createLinkThroughApi(merchant, {
    title: 'Coffee beans',
    options: [{ asset: tusd, amount, recipient: RECIPIENT }],
  })
  const payer = await payerContext.newPage()
  await payer.setViewportSize({ width: 390, height: 844 })
  return { link, payer }
}

/** Connects the test wallet through the toolkit's modal and pays the link's one option. */
async function payWithTestWallet(payer: Page) {
  await payer.getByTestId('pay-connect').click()
  await payer.locator('w3m-modal').getByText('Paylink Test Wallet', { exact: false }).first().click()
  await expect(payer.locator('p.payer')).toBeVisible()
  const switchButton = payer.getByRole('button', { name: /Paylink Devnet/ })
  if (await switchButton.isVisible()) await switchButton.click()
  await payer.getByTestId('pay-button').click()
  await expect(payer.getByTestId('receipt')).toBeVisible({ timeout: 30_000 })
}

test.describe('the checkout in the payer’s language', () => {
  test.beforeEach(({}, testInfo) => testInfo.setTimeout(120_000))

  test('Arabic from ?lang=: right to left, remembered, paid, receipt in Arabic', async ({ page, newWalletContext }) => {
    const { link, payer } = await linkAndPayer(page, await newWalletContext(), '1234.5')

    await payer.goto(`/pay/${link.id}?lang=ar`)
    await expect(payer.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(payer.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(payer.getByTestId('pay-tab-wallet')).toHaveText('المحفظة')
    await expect(payer.getByTestId('pay-connect')).toHaveText('ربط المحفظة')
    // The amount keeps its digits and reads left to right inside the Arabic line.
    const amount = payer.getByTestId('amount-options').locator('.amount')
    await expect(amount).toHaveText('1,234.5 TUSD')
    await expect(amount).toHaveAttribute('dir', 'ltr')
    await expectFitsThePhone(payer, 'Arabic checkout')
    await expectNoSeriousViolations(payer, 'Arabic checkout')
    await payer.screenshot({ path: 'docs/screenshots/checkout-ar-390.png', fullPage: true })

    // Remembered: the next visit without ?lang= is Arabic too.
    await payer.goto(`/pay/${link.id}`)
    await expect(payer.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(payer.getByTestId('language-select')).toHaveValue('ar')
    await expect(payer).toHaveTitle(/^ادفع 1,234\.5 TUSD · /)
    // The server's first HTML, before any script, is Arabic too: the choice travels as a cookie.
    const firstHtml = await (await payer.request.get(`/pay/${link.id}`)).text()
    expect(firstHtml).toContain('<html lang="ar" dir="rtl">')
    expect(firstHtml).toMatch(/<title>ادفع 1,234\.5 TUSD · /)

    await payWithTestWallet(payer)
    await expect(payer.locator('#receipt-title')).toHaveText('✓ مدفوع')
    await expect(payer.getByTestId('receipt')).toContainText('الإيصال')
    await expect(payer.getByTestId('receipt-tx')).toHaveAttribute('dir', 'ltr')
    await expect(payer.getByTestId('receipt-date')).toContainText(/[\u0600-\u06FF]/)
    await expectFitsThePhone(payer, 'Arabic receipt')
    await expectNoSeriousViolations(payer, 'Arabic receipt')
    await payer.screenshot({ path: 'docs/screenshots/receipt-ar-390.png', fullPage: true })
  })

  test('Chinese from the switcher: remembered, paid, receipt in Chinese', async ({ page, newWalletContext }) => {
    const { link, payer } = await linkAndPayer(page, await newWalletContext(), '12')

    await payer.goto(`/pay/${link.id}`)
    await expect(payer.getByTestId('pay-tab-wallet')).toHaveText('Wallet')
    await payer.getByLabel('Language').selectOption('zh-CN')
    await expect(payer.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(payer.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(payer.getByTestId('pay-tab-scan')).toHaveText('扫码支付')
    await expect(payer.getByLabel('语言')).toHaveValue('zh-CN')

    await payer.reload()
    await expect(payer.getByTestId('pay-tab-scan'), 'the choice is remembered').toHaveText('扫码支付')
    await expectFitsThePhone(payer, 'Chinese checkout')
    await expectNoSeriousViolations(payer, 'Chinese checkout')
    await payer.screenshot({ path: 'docs/screenshots/checkout-zh-CN-390.png', fullPage: true })

    await payWithTestWallet(payer)
    await expect(payer.locator('#receipt-title')).toHaveText('✓ 已支付')
    await expect(payer.getByTestId('receipt-amount')).toHaveText('12 TUSD')
    await expect(payer.getByTestId('receipt-date')).toContainText('年')
    await expectFitsThePhone(payer, 'Chinese receipt')
    await expectNoSeriousViolations(payer, 'Chinese receipt')
    await payer.screenshot({ path: 'docs/screenshots/receipt-zh-CN-390.png', fullPage: true })

    // ?lang= still wins over the remembered choice, and becomes the one remembered.
    await payer.goto(`/pay/${link.id}?lang=es`)
    await expect(payer.locator('html')).toHaveAttribute('lang', 'es')
    await payer.goto(`/pay/${link.id}`)
    await expect(payer.locator('html')).toHaveAttribute('lang', 'es')
  })
})
