import { parseEther, type Address } from 'viem'
import { devnetChain, sendUnlocked } from '../support/devnetEvm.js'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'

/** anvil's unlocked account 2: a payer's phone wallet the app never connects to. */
const PAYER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

interface LinkView {
  id: string
  title: string
  price: { currency: string; amount: string } | null
  options: Array<{ asset: string; amount: string | null; depositAddress: string | null }>
}

// Its own server: the Payments page's totals are this merchant's payments made here, nothing else.
test.use({ serverOptions: { label: 'back-office: totals of this spec only' } })

test.describe("the merchant's back office", () => {
  test('deactivate, reactivate and duplicate a link, send a test webhook; the Payments page filters by status, searches by title and transaction, and totals per asset and in dollars; the paid receipt prints without the chrome', async ({
    page,
    paylink,
    context,
    receiver,
  }) => {
    // Sign-in, three links, two payments found on chain, a dozen page loads: about two minutes on a loaded 2-core machine.
    test.setTimeout(240_000)
    const chain = devnetChain(paylink.origin)
    const pay = (to: string, ether: string) =>
      sendUnlocked(chain, { from: PAYER, to: to as Address, value: parseEther(ether) })
    const { eth } = await devnetAssets(page)

    await signInOnDashboard(page)
    const mug = await createLinkThroughApi<LinkView>(page, {
      title: 'Back office mug',
      price: { currency: 'USD', amount: '12.00' },
      options: [{ asset: eth }],
      webhookUrl: receiver.url,
    })
    const teapot = await createLinkThroughApi<LinkView>(page, {
      title: 'Back office teapot',
      options: [{ asset: eth, amount: '0.01' }],
    })

    // 1. Deactivate: the checkout stops offering payment; reactivate: it offers it again.
    await page.goto(`/dashboard/links/${mug.id}`)
    await expect(page.getByRole('heading', { name: 'Back office mug' })).toBeVisible()
    const toggle = page.getByTestId('link-active-toggle')
    await expect(toggle).toHaveText('Deactivate')
    await toggle.click()
    await expect(toggle).toHaveText('Reactivate')
    await expect(page.getByTestId('link-deactivated')).toContainText('no longer accepts payments')
    const checkout = await context.newPage()
    await checkout.goto(`/pay/${mug.id}`)
    await expect(checkout.getByTestId('pay-closed')).toContainText('This link is no longer accepting payments')
    await expect(checkout.getByRole('region', { name: 'Pay' }), 'no way to pay is offered').toHaveCount(0)
    await toggle.click()
    await expect(toggle).toHaveText('Deactivate')
    await expect(page.getByTestId('link-deactivated')).toHaveCount(0)
    await checkout.reload()
    await expect(checkout.getByRole('region', { name: 'Pay' })).toBeVisible()
    await expect(checkout.getByTestId('amount-options')).toContainText('0.004 ETH')
    await expect(checkout.getByTestId('pay-closed')).toHaveCount(0)

    // 2. A test webhook: signed, sent now, and what the endpoint answered is shown.
    await page.getByTestId('webhook-test').click()
    await expect(page.getByTestId('webhook-test-result')).toHaveText(
      /^Delivered: your endpoint answered HTTP 200 in \d+ ms\.$/,
    )
    const testEvent = receiver.received
      .map((d) => JSON.parse(d.body) as { type: string; data?: { linkId?: string } })
      .find((e) => e.type === 'webhook.test')
    expect(testEvent, 'the receiver got the webhook.test event').toBeDefined()
    expect(receiver.received[0]!.headers['webhook-signature'], 'signed per Standard Webhooks').toMatch(/^v1,/)

    // 3. Duplicate: the New link form starts from the link's fields; creating it makes another link with the same ones.
    await page.getByRole('button', { name: 'Duplicate' }).click()
    await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible()
    await expect(page.getByLabel('Title')).toHaveValue('Back office mug')
    await expect(page.getByLabel('Price in')).toHaveValue('USD')
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('12.00')
    await page.getByRole('button', { name: 'Create link' }).click()
    await expect(page).toHaveURL(/\/dashboard\/links\/lnk_[\w-]+$/)
    const copyId = page.url().split('/').pop()!
    expect(copyId, 'a new link').not.toBe(mug.id)
    const copy = (await (await page.request.get(`/api/links/${copyId}`)).json()) as LinkView
    expect({ title: copy.title, price: copy.price, assets: copy.options.map((o) => o.asset) }).toEqual({
      title: mug.title,
      price: mug.price,
      assets: [eth],
    })

    // Two payments found on chain: the mug's quoted 0.004 ETH and the teapot's 0.01 ETH.
    const mugOption = ((await (await page.request.get(`/api/links/${mug.id}`)).json()) as LinkView).options[0]!
    expect(mugOption.amount).toBe('0.004')
    const mugTx = await pay(mugOption.depositAddress!, mugOption.amount!)
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    await pay(teapot.options[0]!.depositAddress!, '0.01')
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/links/${teapot.id}`)).json()) as { status: string }).status,
        { timeout: 30_000 },
      )
      .toBe('paid')

    // 4. The paid receipt in print: the receipt and the merchant's name, none of the site chrome, no buttons.
    const receipt = checkout.getByTestId('receipt')
    await expect(receipt).toBeVisible()
    await expect(checkout.getByText('Checkout by Paylink')).toBeVisible()
    const buttons = checkout.locator('main button, header button')
    expect(await buttons.count(), 'the paid page has buttons on screen (print, copy)').toBeGreaterThan(0)
    await checkout.emulateMedia({ media: 'print' })
    await expect(receipt).toBeVisible()
    await expect(receipt.getByTestId('fiat-approx')).toHaveText('≈ $12.00')
    await expect(checkout.getByTestId('merchant-name')).toBeVisible()
    await expect(checkout.getByText('Checkout by Paylink'), 'the "Checkout by Paylink" line').toBeHidden()
    await expect(checkout.locator('.site-header'), 'the site header').toBeHidden()
    await expect(checkout.locator('.pay-area'), 'the pay area').toBeHidden()
    await expect(checkout.getByTestId('live-state'), 'the live-updates line').toBeHidden()
    for (const button of await buttons.all())
      await expect(button, `button "${await button.textContent()}" in print`).toBeHidden()
    await checkout.emulateMedia({ media: 'screen' })
    await expect(checkout.getByText('Checkout by Paylink')).toBeVisible()

    // 5. The Payments page: both payments, totals per asset and in dollars (the mug's at its quote).
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Payments', exact: true })
      .click()
    const table = page.getByTestId('all-payments-table')
    await expect(page.getByTestId('payments-count')).toHaveText('2 payments; showing 2, newest first.')
    await expect(table).toContainText('Back office mug')
    await expect(table).toContainText('Back office teapot')
    const totals = page.getByTestId('payment-totals')
    await expect(totals.getByTestId('asset-total-ETH')).toContainText('0.014 ETH')
    await expect(totals.getByTestId('fiat-total-USD')).toContainText('$12.00')

    // Filter by status: both are confirmed; none is pending.
    const status = page.getByLabel('Status')
    await status.selectOption({ label: 'Pending' })
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('payments-count')).toHaveText('No payment matches these filters.')
    await expect(table).toHaveCount(0)
    await status.selectOption({ label: 'Confirmed' })
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('payments-count')).toHaveText('2 payments match; showing 2, newest first.')

    // Search by a word of the title: the teapot only, and the totals follow (no dollars: it is priced in ETH).
    const search = page.getByLabel('Search')
    await search.fill('teapot')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('payments-count')).toHaveText('1 payment match; showing 1, newest first.')
    await expect(table).toContainText('Back office teapot')
    await expect(table).not.toContainText('Back office mug')
    await expect(totals.getByTestId('asset-total-ETH')).toContainText('0.01 ETH')
    await expect(totals.getByTestId('fiat-total-USD')).toHaveCount(0)

    // Search by the mug's transaction id (any case): the mug only, $12.00.
    await search.fill(mugTx.toUpperCase().replace('0X', '0x'))
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('payments-count')).toHaveText('1 payment match; showing 1, newest first.')
    await expect(table).toContainText('Back office mug')
    await expect(table).not.toContainText('Back office teapot')
    await expect(totals.getByTestId('asset-total-ETH')).toContainText('0.004 ETH')
    await expect(totals.getByTestId('fiat-total-USD')).toContainText('$12.00')

    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page.getByTestId('payments-count')).toHaveText('2 payments; showing 2, newest first.')
  })
})
