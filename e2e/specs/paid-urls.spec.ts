import { x402Client } from '@x402/core/client'
import { decodePaymentResponseHeader } from '@x402/core/http'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { wrapFetchWithPayment } from '@x402/fetch'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnetWithTusd, sendUnlocked, tusdTransferData } from '../support/devnetEvm.js'
import { expect, signInWithDevWallet, test } from '../support/fixtures.js'

/** anvil's account 7 (unlocked on the devnet): gives the payer its Test USD. */
const FUNDER = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

test.describe('paid URLs', () => {
  test('the merchant creates a paid URL in the dashboard; a program pays it over x402; the dashboard shows the payment', async ({
    page,
    paylink,
  }) => {
    test.setTimeout(90_000)
    await signInWithDevWallet(page)
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    await nav.getByRole('link', { name: 'Paid URLs' }).click()
    await page.getByLabel('Title').fill('Daily report')
    await page.getByLabel('Price per request').fill('0.01')
    await page.getByLabel('A text you give here').check()
    await page.getByLabel('Text', { exact: true }).fill('Sunny, 21 degrees.')
    await page.getByRole('button', { name: 'Create paid URL' }).click()
    const created = page.getByTestId('paid-url-created')
    await expect(created).toContainText('/x402/r/res_')
    const id = /\/x402\/r\/(res_[\w-]+)/.exec((await created.textContent())!)![1]!
    await expect(page.getByTestId(`paid-url-${id}`)).toContainText('0.01 TUSD')

    // A program with a key Paylink never saw, holding Test USD and no gas.
    const { chain, tusd } = await devnetWithTusd(page, paylink.origin)
    const payer = privateKeyToAccount(generatePrivateKey())
    await sendUnlocked(chain, { from: FUNDER, to: tusd, data: tusdTransferData(payer.address, '1') })
    const client = x402Client.fromConfig({
      schemes: [{ network: 'eip155:31337', client: new ExactEvmScheme(toClientEvmSigner(payer, chain)) }],
      spendControls: { allowedAssets: [{ network: 'eip155:31337', asset: tusd, maxAmountPerPayment: '10000' }] },
    })
    const url = `${paylink.origin}/x402/r/${id}`
    expect((await fetch(url)).status).toBe(402)
    const paid = await wrapFetchWithPayment(fetch, client)(url)
    expect(paid.status, await paid.clone().text()).toBe(200)
    expect(await paid.text()).toBe('Sunny, 21 degrees.')
    expect(decodePaymentResponseHeader(paid.headers.get('payment-response')!)).toMatchObject({ success: true })

    // The dashboard shows it among the x402 payments, by the resource's title; on a phone (390 px)
    // the page fits (its tables laid out as cards, nothing scrolls sideways).
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    const payments = page.getByTestId('paid-url-payments')
    await expect(payments.locator('tr', { hasText: payer.address })).toContainText('Daily report')
    for (const card of await page.locator('main section.card').all())
      expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)

    // Disabled, it answers 404.
    await page.getByRole('button', { name: 'Disable Daily report' }).click()
    await expect(page.getByTestId(`paid-url-${id}`)).toContainText('Disabled')
    expect((await fetch(url)).status).toBe(404)
  })
})
