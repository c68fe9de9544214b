import type { Page } from '@playwright/test'
import { connectTestWalletOnCheckout } from '../support/checkoutPayer.js'
import { expect, signInWithTestWallet, test } from '../support/fixtures.js'
import { createLinkThroughApi, LINK_RECIPIENT, signInWithTusdLink } from '../support/merchantApi.js'
import { fillLinkOption } from '../support/linkForm.js'
import type { TestWindow } from '../support/testWindow.js'

const DEVNET_L2 = 'eip155:31338'

async function createLink(
  page: Page,
  body: { title: string; options: Array<{ asset: string; amount: string }>; expiresInSeconds?: number },
) {
  return createLinkThroughApi(page, {
    ...body,
    options: body.options.map((o) => ({ ...o, recipient: LINK_RECIPIENT })),
  })
}

test.describe('checkout: a merchant creates a link, a payer pays it', () => {
  // The demo at either loopback name: the page calls the RPC, sign-in and API on the origin it was opened at.
  for (const appHost of ['127.0.0.1', 'localhost'] as const) {
    test.describe(`at http://${appHost}`, () => {
      test.use({ appHost })

      test(`facts before the toolkit, connect, balance per option, switch network, fee, pay, live status to paid, receipt (${appHost})`, async ({
        page,
        openCheckoutAsPayer,
      }) => {
        // The merchant creates the link with the dashboard's form and keeps its page open.
        await signInWithTestWallet(page)
        await page.goto('/dashboard/links/new')
        await page.getByLabel('Title').fill('Conference ticket')
        await fillLinkOption(page, 0, { asset: 'Test USD on Paylink Devnet', amount: '10', recipient: LINK_RECIPIENT })
        await fillLinkOption(page, 1, {
          asset: 'Ether on Paylink Devnet L2',
          amount: '0.004',
          recipient: LINK_RECIPIENT,
        })
        await page.getByLabel('Expires', { exact: true }).selectOption({ label: 'In 1 hour' })
        await page.getByRole('button', { name: 'Create link' }).click()
        await expect(page.getByTestId('link-status')).toHaveText('Open')
        const payUrl = await page.getByTestId('pay-url').inputValue()
        const link = { id: payUrl.split('/pay/')[1]! }

        const payer = await openCheckoutAsPayer(link.id)
        await expect(payer.getByTestId('link-title')).toHaveText('Conference ticket')
        await expect(payer.getByTestId('amount-options')).toContainText('10 TUSD')
        await expect(payer.getByTestId('amount-options')).toContainText('0.004 ETH')
        await expect(payer.getByTestId('link-status')).toHaveText('Open')
        await expect(payer.getByTestId('countdown')).toContainText(/Expires in (59|1:00|00:59)/)
        expect(await payer.evaluate(() => performance.getEntriesByName('paylink:link-facts').length)).toBe(1)

        await connectTestWalletOnCheckout(payer)
        const options = payer.getByRole('radio')
        await expect(options).toHaveCount(2)
        await expect(payer.locator('.option-list')).toContainText(/You have [\d.,]+ TUSD/)
        await expect(payer.locator('.option-list')).toContainText(/You have [\d.,]+ ETH/)

        await payer.getByRole('radio', { name: /0\.004 ETH on Paylink Devnet L2/ }).check()
        await payer.getByRole('button', { name: 'Switch to Paylink Devnet L2' }).click()
        await expect(payer.getByTestId('pay-fee')).toHaveText(/^Network fee: ≈ 0\.0000[1-9]\d{0,3} ETH$/)
        await payer.getByTestId('pay-button').click()

        await expect(payer.getByTestId('receipt')).toBeVisible({ timeout: 20_000 })
        await expect(payer.getByTestId('link-status')).toHaveText('Paid')
        await expect(payer.getByTestId('receipt')).toContainText('0.004 ETH')
        await expect(payer.getByTestId('receipt')).toContainText('Paylink Devnet L2')
        await expect(payer.getByTestId('pay-button')).toHaveCount(0)
        // What the server decided, from the chain alone.
        const decided = await (await page.request.get(`/api/links/${link.id}`)).json()
        expect(decided.status).toBe('paid')
        expect(decided.payments[0]).toMatchObject({ status: 'confirmed', caipNetworkId: DEVNET_L2, amount: '0.004' })
        // The merchant's page, open all along, reached paid by itself.
        await expect(page.getByTestId('link-status')).toHaveText(/paid/i)
        await expect(page.getByTestId('link-status')).not.toHaveText(/partially/i)
      })
    })
  }

  test('a refused request gets a clear message and a retry; the status follows live; reopening shows it', async ({
    page,
    newWalletContext,
  }) => {
    const { link } = await signInWithTusdLink(page, { title: 'Refusal then retry', amount: '2.5' })
    const context = await newWalletContext()
    const payer = await context.newPage()
    await payer.goto(`/pay/${link.id}`)
    await connectTestWalletOnCheckout(payer)
    await expect(payer.getByTestId('pay-fee')).toHaveText(/≈/)
    await payer.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.refuseNext('eth_sendTransaction'))
    await payer.getByTestId('pay-button').click()
    await expect(payer.getByTestId('pay-error')).toHaveText('You declined the request in your wallet.')
    await expect(payer.getByTestId('pay-button')).toHaveText('Try again')
    expect((await (await page.request.get(`/api/links/${link.id}`)).json()).payments).toHaveLength(0)

    await payer.getByTestId('pay-button').click()
    await expect(payer.getByTestId('payment-progress').first()).toBeVisible()
    await expect(payer.getByTestId('receipt')).toContainText('2.5 TUSD', { timeout: 20_000 })
    await payer.close()

    const again = await context.newPage()
    await again.goto(`/pay/${link.id}`)
    await expect(again.getByTestId('payment-progress')).toContainText('Your payment')
    await expect(again.getByTestId('payment-headline')).toHaveText('Paid.')
  })

  test('not enough balance is said before the wallet is asked; expired and unknown links take no payment', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    const { tusd, link: big } = await signInWithTusdLink(page, { title: 'Too expensive', amount: '20000' })
    const soon = await createLink(page, {
      title: 'Short-lived',
      options: [{ asset: tusd, amount: '1' }],
      expiresInSeconds: 2,
    })

    const payer = await openCheckoutAsPayer(big.id)
    await connectTestWalletOnCheckout(payer)
    await expect(payer.getByTestId('pay-shortfall')).toHaveText(
      /Not enough TUSD: this wallet has [\d.,]+, the payment needs 20,000\./,
    )
    await expect(payer.getByTestId('pay-button')).toBeDisabled()
    const requests = await payer.evaluate(() =>
      (window as unknown as TestWindow).__testWallets.evm.requests.map((r: { method: string }) => r.method),
    )
    expect(requests).not.toContain('eth_sendTransaction')

    await payer.goto(`/pay/${soon.id}`)
    await expect(payer.getByTestId('pay-closed')).toContainText('This link has expired', { timeout: 10_000 })
    await expect(payer.getByTestId('pay-button')).toHaveCount(0)
    await expect(payer.getByTestId('pay-connect')).toHaveCount(0)

    await payer.goto('/pay/lnk_doesnotexist')
    await expect(payer.getByRole('heading', { name: 'Payment link not found' })).toBeVisible()
  })

  test('the facts are on screen without the toolkit; Connect loads it at once and says so while it downloads', async ({
    page,
    newWalletContext,
  }) => {
    const { link } = await signInWithTusdLink(page, { title: 'Before the toolkit', amount: '3', expiresInSeconds: 600 })
    const context = await newWalletContext()
    // Hold the toolkit's chunk: a slow network at the worst moment.
    const held: Array<() => Promise<void>> = []
    await context.route(/\/assets\/kitModule-[\w-]+\.js$/, (route) => {
      held.push(() => route.continue())
    })
    const payer = await context.newPage()
    await payer.goto(`/pay/${link.id}`)
    await expect(payer.getByTestId('link-title')).toHaveText('Before the toolkit')
    await expect(payer.getByTestId('amount-options')).toContainText('3 TUSD on Paylink Devnet')
    await expect(payer.getByTestId('link-status')).toHaveText('Open')
    await expect(payer.getByTestId('countdown')).toContainText('Expires in')
    // The toolkit is asked for only when the payer reaches for Connect (issue #32).
    await payer.waitForLoadState('networkidle')
    expect(held).toHaveLength(0)
    expect(await payer.evaluate(() => customElements.get('w3m-modal') === undefined)).toBe(true)

    await payer.getByTestId('pay-connect').click()
    await expect(payer.getByTestId('pay-connect')).toHaveText('Opening…')
    await expect.poll(() => held.length).toBeGreaterThan(0)
    for (const release of held.splice(0)) await release()
    await expect(payer.locator('w3m-modal').locator('wui-card')).toBeVisible()
  })
})
