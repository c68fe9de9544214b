import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { connectTestWalletOnCheckout, payConnectedCheckout } from '../support/checkoutPayer.js'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'

/**
 * Accessibility as a test: axe-core on each page at a phone and a desktop width, zero serious or
 * critical violations; tap targets of at least 24 px (44 px for primary actions); a visible
 * focus ring on every control of the page, each reached by Tab. The toolkit's own modal (a web
 * component of AppKit's, in shadow DOM) is not ours to fix and is closed before each check.
 */

const widths = [390, 1280] as const

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).exclude('w3m-modal').analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const described = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(described, `${what}: serious or critical axe violations`).toEqual([])
}

/** Every visible button and link of the page's own markup is at least 24 px tall and wide; primary buttons 44 px tall. */
async function expectTapTargets(page: Page, what: string) {
  const small = await page.evaluate(() => {
    const problems: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(
      'main button, main a.button, main [role="tab"], main select, main input:not([type="hidden"])',
    )) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const primary = element.classList.contains('primary')
      const min = primary ? 44 : 24
      if (box.height < min || box.width < 24)
        problems.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" is ${Math.round(box.width)}x${Math.round(box.height)} (needs ${min})`,
        )
    }
    return problems
  })
  expect(small, `${what}: tap targets`).toEqual([])
}

/**
 * Tab through every control of <main>: each one the keyboard can reach (enabled, rendered, not
 * tabindex="-1"; one per radio group, which the arrow keys move within) must be reached by Tab, in
 * turn, and draw a focus indicator: an opaque outline at least 2 px wide with 3:1 contrast
 * against white, or a box shadow.
 */
async function expectVisibleFocus(page: Page, what: string) {
  // The checkout swaps its Connect button for the toolkit's form when the toolkit has loaded (same
  // words, a new element): a walk during which a control was replaced proves nothing, so it is
  // walked again, up to three times. So does the wallet page's at-rest view (see walkFocus).
  for (let attempt = 1; ; attempt++) {
    const walk = await walkFocus(page, what)
    if (!walk.stable && attempt < 3) {
      // Let whatever replaced the controls (the toolkit's chunks) finish loading before walking again.
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
      continue
    }
    expect(walk.stable, `${what}: the page kept its controls while Tab walked them`).toBe(true)
    expect(walk.missed, `${what}: every control of the page is reached by Tab`).toEqual([])
    expect(walk.unringed, `${what}: focus is visible on every control`).toEqual([])
    return
  }
}

async function walkFocus(page: Page, what: string): Promise<{ stable: boolean; missed: string[]; unringed: string[] }> {
  const expected = await page.evaluate(() => {
    const radioGroups = new Set<string>()
    const reachable = [
      ...document.querySelectorAll<HTMLElement>(
        'main a[href], main button, main input:not([type="hidden"]), main select, main textarea, main summary, main [tabindex]',
      ),
    ].filter((element) => {
      if ((element as HTMLButtonElement).disabled || element.tabIndex < 0 || element.closest('[inert]')) return false
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') return false
      if (element instanceof HTMLInputElement && element.type === 'radio') {
        if (radioGroups.has(element.name)) return false
        radioGroups.add(element.name)
      }
      return true
    })
    reachable.forEach((element, i) => element.setAttribute('data-focus-check', String(i)))
    return reachable.map(
      (element) =>
        `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || element.id || '').trim().slice(0, 40)}"`,
    )
  })
  // A page with no control of its own (an expired link's checkout) has nothing to reach.
  if (expected.length === 0) return { stable: true, missed: [], unringed: [] }
  // Reached by the keyboard, as the doc says: a script's focus() after mouse clicks (signing in)
  // does not match :focus-visible in Chromium, which is right, so it would prove nothing. One Tab
  // stop on and one back lands on the first control, now in keyboard modality. (Forward first:
  // backwards from <main> would enter the toolkit's header buttons, whose shadow DOM has stops of its own.)
  // The wallet page's Connect button starts the toolkit when focused (watchWalletIntent.ts), and the
  // toolkit's panels then take the at-rest page's place: a control gone mid-walk makes the walk unstable.
  const unstable = { stable: false, missed: [], unringed: [] }
  const first = page.locator('[data-focus-check="0"]')
  if (
    !(await first.focus({ timeout: 10_000 }).then(
      () => true,
      () => false,
    ))
  )
    return unstable
  await page.keyboard.press('Tab')
  await page.keyboard.press('Shift+Tab')
  if ((await first.count()) === 0) return unstable
  await expect(first, `${what}: Tab reaches the first control of the page`).toBeFocused()
  const reached = new Set<number>()
  const unringed: string[] = []
  let last: number | null = null
  for (let step = 0; step < expected.length * 4 + 10; step++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || !element.closest('main')) return null
      const index = element.getAttribute('data-focus-check')
      const style = getComputedStyle(element)
      // WCAG 1.4.11: the ring's colour at least 3:1 against white (the cards the controls sit on).
      const channels = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(style.outlineColor)
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
      const contrast = channels
        ? 1.05 /
          (0.2126 * linear(+channels[1]!) + 0.7152 * linear(+channels[2]!) + 0.0722 * linear(+channels[3]!) + 0.05)
        : 0
      const opaque = channels !== null && (channels[4] === undefined || Number(channels[4]) === 1)
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && opaque && contrast >= 3
      return { index: index === null ? null : Number(index), ring: outline || style.boxShadow !== 'none' }
    })
    if (!focused) break
    // A date input keeps focus across its own stops (month, day, year): the same control again is not a wrap-around.
    if (focused.index !== null && focused.index !== last) {
      if (reached.has(focused.index)) break
      last = focused.index
      reached.add(focused.index)
      if (!focused.ring) unringed.push(expected[focused.index]!)
    }
    await page.keyboard.press('Tab')
  }
  const kept = await page.evaluate(() => {
    const tagged = document.querySelectorAll('[data-focus-check]')
    tagged.forEach((element) => element.removeAttribute('data-focus-check'))
    return tagged.length
  })
  return { stable: kept === expected.length, missed: expected.filter((_, i) => !reached.has(i)), unringed }
}

async function checkPage(page: Page, what: string) {
  await expectNoSeriousViolations(page, what)
  await expectTapTargets(page, what)
  await expectVisibleFocus(page, what)
}

for (const width of widths) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('landing page and wallet page', async ({ page }) => {
      // Two full axe scans and the wallet page's toolkit load: about a minute on a loaded 2-core machine.
      test.setTimeout(120_000)
      await page.goto('/')
      await expect(page.getByRole('link', { name: 'Create a payment link' })).toHaveAttribute('href', '/dashboard')
      await expect(page.getByText('eip155:31337')).toHaveCount(0)
      await checkPage(page, `home at ${width}`)
      await page.goto('/wallet')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await checkPage(page, `wallet at ${width}`)
      // Tab onto Connect starts the toolkit, whose panels replace the at-rest view: focus stays on Connect.
      await page.goto('/wallet')
      const connect = page.getByRole('button', { name: 'Connect a wallet' })
      await connect.focus()
      // The at-rest buttons carry data-wallet-control; the toolkit's panels do not.
      await expect(
        page.locator('main [data-wallet-control]'),
        `wallet at ${width}: the toolkit's panels arrive`,
      ).toHaveCount(0, {
        timeout: 30_000,
      })
      await expect(connect, `wallet at ${width}: focus stays on Connect when the toolkit's panels arrive`).toBeFocused()
    })

    test('dashboard pages and the checkout of a new link', async ({ page, newWalletContext }) => {
      // Eleven axe scans, a payment and an expiry: about two minutes on a loaded 2-core machine.
      test.setTimeout(240_000)
      await signInOnDashboard(page)
      // No Reown project id here: the operator is told so on the dashboard (and never the payer, below).
      await expect(page.getByTestId('operator-notice')).toContainText('No Reown project id is configured.')
      await checkPage(page, `dashboard links (empty) at ${width}`)
      const nav = page.getByRole('navigation', { name: 'Dashboard' })
      await nav.getByRole('link', { name: 'New link' }).click()
      await expect(page.getByLabel('Asset')).toHaveValue(/erc20/)
      await page.getByRole('button', { name: 'Create link' }).click()
      await expect(page.getByText('Title is required')).toBeVisible()
      await checkPage(page, `new link form with an error at ${width}`)
      await page.getByLabel('Title').fill('Accessible mug')
      await page.getByTestId('option-0').getByLabel('Amount').fill('12')
      await page.getByRole('button', { name: 'Create link' }).click()
      await expect(page.getByTestId('pay-url')).toHaveValue(/\/pay\/lnk_/)
      const payUrl = await page.getByTestId('pay-url').inputValue()
      await checkPage(page, `link page at ${width}`)
      for (const name of ['Payment links', 'Payments', 'Events', 'Deposits', 'Paid URLs', 'API keys', 'Settings']) {
        await nav.getByRole('link', { name, exact: true }).click()
        await expect(page.locator('main h2').first()).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
        await checkPage(page, `dashboard ${name} at ${width}`)
      }

      // The checkout as a payer sees it: before connecting, connected, paid; and an expired link.
      const payerContext = await newWalletContext()
      const payer = await payerContext.newPage()
      await payer.setViewportSize({ width, height: 900 })
      await payer.goto(payUrl)
      await expect(payer.getByRole('heading', { name: 'Accessible mug' })).toBeVisible()
      await expect(payer.getByTestId('operator-notice'), 'the operator notice on the checkout').toHaveCount(0)
      await checkPage(payer, `checkout before connecting at ${width}`)
      await connectTestWalletOnCheckout(payer)
      await payer.keyboard.press('Escape')
      await expect(payer.locator('w3m-modal wui-card')).toBeHidden()
      await checkPage(payer, `checkout connected at ${width}`)
      await payConnectedCheckout(payer)
      await checkPage(payer, `checkout paid (receipt) at ${width}`)

      const { tusd } = await devnetAssets(page)
      const expired = await createLinkThroughApi(page, {
        title: 'Expired mug',
        expiresInSeconds: 1,
        options: [{ asset: tusd, amount: '1', recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
      })
      await payer.goto(`/pay/${expired.id}`)
      await expect(payer.getByTestId('pay-closed')).toContainText('This link has expired', { timeout: 15_000 })
      await checkPage(payer, `checkout expired at ${width}`)
    })
  })
}
