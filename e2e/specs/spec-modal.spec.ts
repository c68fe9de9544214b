import { expect, openConnectModal, test } from '../support/fixtures.js'

test.describe('spec §2 and §9: the toolkit modal', () => {
  test('the modal is 360px wide at z-index 999; header text, height and view change take 120, 150 and 150 ms', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/wallet')
    const modal = await openConnectModal(page)
    const card = modal.locator('wui-card')
    // The card opens with a short zoom (AppKit's own animation): its box is 360 px once that ends.
    await expect.poll(async () => (await card.boundingBox())?.width).toBe(360)
    const measured = await modal.evaluate((el) => ({
      zIndex: getComputedStyle(el).zIndex,
      cardMaxWidth: getComputedStyle(el.shadowRoot!.querySelector('wui-card')!).maxWidth,
      widthVariable: getComputedStyle(document.documentElement).getPropertyValue('--w3m-modal-width').trim(),
    }))
    expect(measured).toEqual({ zIndex: '999', cardMaxWidth: '360px', widthVariable: '360px' })
    await page.keyboard.press('Escape')
    await expect(card).toBeHidden()

    // Networks view, then "What is a network?": time stands still between the steps below.
    await page.locator('appkit-network-button').click()
    await expect(modal.locator('w3m-networks-view')).toBeVisible()
    const router = modal.locator('w3m-router')
    await router.evaluate((el) => {
      const seen: string[] = ((window as unknown as { __routerAnimations: string[] }).__routerAnimations = [])
      new MutationObserver(() => seen.push((el as HTMLElement).style.animation)).observe(el, {
        attributes: true,
        attributeFilter: ['style'],
      })
    })
    const header = modal.locator('[data-testid="w3m-header-text"]')
    const before = (await header.textContent())?.trim()
    const now = await page.evaluate(() => Date.now())
    await page.clock.pauseAt(now + 500)
    await modal.locator('w3m-networks-view').getByText('What is a network').click()

    await page.clock.runFor(119)
    await expect(header).toHaveText(before!)
    await page.clock.runFor(1)
    await expect(header).toHaveText(/What is a network/)
    await expect(modal.locator('w3m-what-is-a-network-view')).toHaveCount(0)
    await page.clock.runFor(29)
    await expect(modal.locator('w3m-what-is-a-network-view')).toHaveCount(0)
    await page.clock.runFor(1)
    await expect(modal.locator('w3m-what-is-a-network-view')).toHaveCount(1)

    // The new view changes the card's height: a 150 ms height animation, cleared after 150 ms.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __routerAnimations: string[] }).__routerAnimations.some(
            (a) => a.includes('w3m-view-height') && a.includes('150ms'),
          ),
        ),
      )
      .toBe(true)
    const durations = await router.evaluate((el) => el.getAnimations().map((a) => a.effect?.getTiming().duration))
    expect(durations).toContain(150)
    await page.clock.runFor(149)
    expect(await router.evaluate((el) => (el as HTMLElement).style.animation)).toContain('150ms')
    await page.clock.runFor(1)
    await expect.poll(() => router.evaluate((el) => (el as HTMLElement).style.animation)).toBe('unset')
    await page.clock.resume()
  })
})

test.describe('spec §5: the project id', () => {
  test('without one the toolkit alerts "Project ID Not Configured", Paylink says which features are off, and browser wallets connect', async ({
    page,
  }) => {
    await page.goto('/toolkit')
    await expect(page.getByTestId('toolkit-alerts')).toContainText('Project ID Not Configured')
    await expect(page.getByTestId('toolkit-cloud')).toHaveText(/^Off: no Reown project id is configured\./)
    const modal = await openConnectModal(page)
    await expect(modal.locator('w3m-alertbar')).toContainText('Project ID Not Configured')
    await expect(modal.locator('w3m-email-login-widget, w3m-social-login-widget')).toHaveCount(0)
    await modal.getByText('Paylink Test Wallet').first().click()
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
  })
})
