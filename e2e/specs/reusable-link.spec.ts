import type { Page } from '@playwright/test'
import { payFromDevWalletModal } from '../support/checkoutPayer.js'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'

/** anvil's account 2: the merchant's receiving address, not the payers' Dev Wallet. */
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** On an order's checkout in a browser never connected before: pays with the Dev Wallet, until the receipt shows `amount`. */
async function payWithDevWallet(page: Page, amount: string) {
  await page.getByTestId('pay-connect').click()
  await payFromDevWalletModal(page)
  await expect(page.getByTestId('receipt-amount')).toHaveText(amount)
}

/** On a reusable link's checkout: starts an order and waits for that order's own checkout; returns its id. */
async function startOrder(page: Page, linkId: string) {
  await page.getByTestId('order-submit').click()
  await expect(page).not.toHaveURL(new RegExp(`/pay/${linkId}$`))
  await expect(page.getByTestId('order-start')).toHaveCount(0)
  return page.url().split('/').pop()!
}

test.describe('reusable links (issue #30)', () => {
  test('a product link bought by two payers, each an order of its own paid with the Dev Wallet and listed Paid on the link page; a donation of a typed amount', async ({
    page,
    newWalletContext,
    openCheckoutAsPayer,
  }) => {
    test.setTimeout(120_000)
    await signInOnDashboard(page)
    const { tusd } = await devnetAssets(page)
    const product = await createLinkThroughApi(page, {
      title: 'Bag of beans',
      reusable: true,
      quantity: { min: 1, max: 5 },
      options: [{ asset: tusd, amount: '2', recipient: RECIPIENT }],
    })
    const donation = await createLinkThroughApi(page, {
      title: 'Tip jar',
      reusable: true,
      amount: 'payer',
      donation: { minimum: '1', suggested: ['5', '10'] },
      options: [{ asset: tusd, recipient: RECIPIENT }],
    })

    // Two payers in two browsers open the same link and each starts an order before either pays.
    const payers = await Promise.all([1, 2].map(async () => (await newWalletContext()).newPage()))
    const orders: string[] = []
    for (const [i, payer] of payers.entries()) {
      await payer.goto(`/pay/${product.id}`)
      await payer.getByLabel('Quantity').fill(String(i + 2))
      orders.push(await startOrder(payer, product.id))
    }
    expect(new Set(orders).size, 'each payer gets an order of their own').toBe(2)
    expect(orders).not.toContain(product.id)
    // One after the other: both browsers' Dev Wallets are the same account, and one account's
    // transactions sent at once would race for a nonce.
    await payWithDevWallet(payers[0]!, '4 TUSD')
    await payWithDevWallet(payers[1]!, '6 TUSD')

    await page.goto(`/dashboard/links/${product.id}`)
    await expect(page.getByTestId('order-totals')).toContainText('2 orders: 2 paid, 0 open')
    const rows = page.getByTestId('order-row')
    await expect(rows).toHaveCount(2)
    for (const order of orders) await expect(rows.filter({ hasText: order })).toContainText('Paid')

    // The back office: the Payments page names each payment's order and its link, found by the
    // link's id; the Events page keeps the link's order.paid, each naming the link too.
    await page.goto('/dashboard/payments')
    await page.getByLabel('Search').fill(product.id)
    await page.getByRole('button', { name: 'Apply' }).click()
    const orderCells = page.getByTestId('all-payments-table').getByTestId('payment-order-of')
    await expect(orderCells).toHaveCount(2)
    for (const order of orders)
      await expect(orderCells.filter({ hasText: order })).toContainText('Order of Bag of beans')
    await page.goto(`/dashboard/events?type=order.paid&linkId=${product.id}`)
    await expect(page.getByLabel('Type')).toHaveValue('order.paid')
    await expect(page.getByTestId('event-row')).toHaveCount(2)
    await expect(page.getByTestId('event-order-of')).toHaveText(orders.map((order) => `Order of Bag of beans${order}`))

    // The donor types an amount, in a browser of its own: in one already connected the toolkit
    // reconnects only after the page shows Connect, and a press in between opens a modal that never settles.
    const donor = await openCheckoutAsPayer(donation.id)
    await donor.getByLabel('Amount (TUSD)').fill('7.5')
    await startOrder(donor, donation.id)
    await payWithDevWallet(donor, '7.5 TUSD')
  })
})
