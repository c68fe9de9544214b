import { createPublicClient, http, toHex, type Address, type Hex } from 'viem'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'
import { keepToLoopback } from '../support/loopback.js'

/** anvil's account 2: the merchant's receiving address. */
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** anvil's account 8: the customer's phone wallet, which the app never sees (it only scans). */
const CUSTOMER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

test.describe('point of sale (issue #30)', () => {
  test('a shop phone at 390 px with a device link and no wallet: keypad to Paid, a reload mid-sale keeps the sale, disconnecting the device stops it at once', async ({
    page,
    paylink,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    await signInOnDashboard(page)
    const { eth, tusd } = await devnetAssets(page)
    const counter = await createLinkThroughApi(page, {
      title: 'Coffee counter',
      reusable: true,
      amount: 'payer',
      pos: true,
      donation: { currency: 'USD' },
      options: [
        { asset: eth, recipient: RECIPIENT },
        { asset: tusd, recipient: RECIPIENT },
      ],
    })

    // The merchant makes a device link on the link's page.
    await page.goto(`/dashboard/links/${counter.id}`)
    await page.getByTestId('pos-device-label').fill('Front till')
    await page.getByTestId('pos-device-create').click()
    const deviceUrl = await page.getByTestId('pos-device-link').getByTestId('secret-value').textContent()
    expect(deviceUrl).toMatch(new RegExp(`/pos/${counter.id}#t=[A-Za-z0-9_-]{43}$`))

    // The shop phone: a browser of its own, never signed in, no wallet.
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true })
    await keepToLoopback(phone)
    const pos = await phone.newPage()
    await pos.goto(deviceUrl!)
    await expect(pos.getByTestId('merchant-name')).toBeVisible()
    await expect(pos.getByTestId('pos-device')).toContainText('Front till')
    // The token leaves the address bar (the device remembers it).
    await expect.poll(() => pos.url()).toBe(`${baseURL}/pos/${counter.id}`)
    for (const key of ['1', '2', '.', '5']) await pos.getByTestId(`pos-key-${key}`).click()
    await expect(pos.getByTestId('pos-display')).toHaveText('$12.5')
    const keySize = await pos.getByTestId('pos-key-5').boundingBox()
    expect(Math.min(keySize!.width, keySize!.height)).toBeGreaterThanOrEqual(48)
    expect(await pos.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await pos.screenshot({ path: 'docs/screenshots/pos-390.png', fullPage: true })
    await pos.getByTestId('pos-charge').click()

    const sale = pos.getByTestId('pos-sale')
    await expect(sale).toBeVisible()
    const orderId = await sale.getAttribute('data-order-id')
    const qr = pos.locator('[data-payment-uri^="ethereum:"]')
    await expect(qr).toHaveCount(1)
    // Reloaded mid-sale: the same sale, its QR again.
    await pos.reload()
    await expect(sale).toHaveAttribute('data-order-id', orderId!)
    await expect(qr).toBeVisible()
    const uri = (await qr.getAttribute('data-payment-uri'))!
    const match = /^ethereum:(0x[0-9a-fA-F]{40})@31337\?value=(\d+)$/.exec(uri)
    expect(match, uri).not.toBeNull()

    // The customer's wallet pays what the QR asks; the till turns Paid by itself.
    const chain = createPublicClient({ transport: http(`${paylink.origin}/devnet/rpc/31337`), pollingInterval: 100 })
    const hash = (await chain.request({
      method: 'eth_sendTransaction' as never,
      params: [{ from: CUSTOMER, to: match![1] as Address, value: toHex(BigInt(match![2]!)) }] as never,
    })) as Hex
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    const paid = pos.getByTestId('pos-paid')
    await expect(paid).toBeVisible({ timeout: 20_000 })
    await expect(paid.getByRole('heading')).toHaveText('Paid')
    await expect(pos.getByTestId('pos-paid-amount')).toHaveText('$12.50')

    // New sale; the merchant disconnects the device while it waits: the till says so.
    await pos.getByTestId('pos-new-sale').click()
    await pos.getByTestId('pos-key-3').click()
    await pos.getByTestId('pos-charge').click()
    await expect(sale).toBeVisible()
    await page.getByRole('button', { name: 'I have saved it' }).click()
    await page.getByTestId('pos-device-revoke').click()
    await expect(page.getByTestId('pos-device-row')).toContainText('Disconnected')
    await expect(pos.getByTestId('pos-stop')).toHaveText(/This device was disconnected by the shop\./, {
      timeout: 5_000,
    })
    await pos.reload()
    await expect(pos.getByTestId('pos-stop')).toContainText('This device was disconnected by the shop.')
    await phone.close()
  })
})
