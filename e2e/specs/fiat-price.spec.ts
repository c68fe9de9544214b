import { parseEther, type Address, type Hex } from 'viem'
import { devnetChain, sendUnlocked, tokenOf, tusdTransferData } from '../support/devnetEvm.js'
import { expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'

/** anvil's account 8: a payer's phone wallet the app never connects to; it pays the quoted amounts by hand. */
const PAYER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

interface QuotedOption {
  id: string
  symbol: string
  amount: string | null
  rate: string | null
  rateSource: string | null
  quoteExpiresAt: string | null
  depositAddress: string | null
}

// A short quote window (10 s, the least QUOTE_TTL_SECONDS takes), so the quoted ETH can be paid after it has passed.
const quoteTtlSeconds = 10
test.use({ serverOptions: { env: { QUOTE_TTL_SECONDS: String(quoteTtlSeconds) } } })

test.describe('fiat-priced links (the demo prices from its fixed devnet rate table)', () => {
  test('a USD-priced link quotes Test USD and ETH with "≈ $12.00"; paying the quoted ETH after the quote window still counts; a 1%-tolerance link paid 99.5% is Paid with the shortfall shown', async ({
    page,
    paylink,
    context,
  }) => {
    test.setTimeout(180_000)
    const chain = devnetChain(paylink.origin)
    const { tusd, eth } = await devnetAssets(page)
    const send = (tx: { to: Address; value?: bigint; data?: Hex }) => sendUnlocked(chain, { from: PAYER, ...tx })

    // The merchant signs in with the Dev Wallet; links are made through the API with that session (shorter than filling the form).
    await signInWithDevWallet(page)
    const createLink = async (body: Record<string, unknown>) => (await createLinkThroughApi(page, body)).id

    // 1. $12.00 payable in Test USD (pegged 1:1) or ETH (devnet table: $3000).
    const linkId = await createLink({
      title: 'Mug, priced in dollars',
      price: { currency: 'USD', amount: '12.00' },
      options: [{ asset: tusd }, { asset: eth }],
    })
    const checkout = await context.newPage()
    await checkout.goto(`/pay/${linkId}`)
    const facts = checkout.getByTestId('amount-options')
    await expect(facts).toContainText('12 TUSD')
    await expect(facts).toContainText('0.004 ETH')
    await expect(facts.getByTestId('fiat-approx')).toHaveText(['≈ $12.00', '≈ $12.00'])
    // The demo tells the payer its rates are no market price, beside the fiat worth.
    await expect(facts.getByTestId('rate-source')).toHaveText([
      '(pegged 1:1 to USD)',
      '(devnet fixed table (not a market price))',
    ])
    const view = (await (await fetch(`${paylink.origin}/api/links/${linkId}`)).json()) as { options: QuotedOption[] }
    const ethOption = view.options.find((o) => o.symbol === 'ETH')!
    expect(ethOption).toMatchObject({
      amount: '0.004',
      rate: '3000',
      rateSource: 'devnet fixed table (not a market price)',
    })
    const quotedUntil = Date.parse(ethOption.quoteExpiresAt!)
    expect(quotedUntil - Date.now(), 'the quote window is the configured 10 s').toBeLessThanOrEqual(
      quoteTtlSeconds * 1000,
    )

    // The payer reads the quoted ETH, lets the window pass with the checkout open (no reload), then sends
    // exactly that amount to the option's deposit address, telling Paylink nothing: found on chain, Paid.
    await checkout.waitForTimeout(Math.max(0, quotedUntil - Date.now()) + 1500)
    expect(Date.now(), 'the quote window has passed').toBeGreaterThan(quotedUntil)
    await send({ to: ethOption.depositAddress as Address, value: parseEther(ethOption.amount!) })
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    await expect(checkout.getByTestId('receipt').getByTestId('fiat-approx')).toHaveText('≈ $12.00')
    // The merchant's dashboard shows the fiat worth beside the quoted amounts too.
    await page.goto(`/dashboard/links/${linkId}`)
    await expect(page.getByTestId('options-table').getByTestId('fiat-approx').first()).toHaveText('≈ $12.00')

    // 2. 1% tolerance, paid 99.5% (11.94 of 12.00 TUSD): Paid, the 0.06 shortfall shown to the payer.
    const faucet = await page.request.post('/devnet/faucet', {
      data: { asset: tusd, address: PAYER, amount: '20' },
      headers: { origin: paylink.origin },
    })
    expect(faucet.status(), await faucet.text()).toBeLessThan(300)
    const tolerantId = await createLink({
      title: 'Tolerant mug',
      price: { currency: 'USD', amount: '12.00' },
      options: [{ asset: tusd }],
      underpaymentTolerancePercent: '1',
    })
    await checkout.goto(`/pay/${tolerantId}`)
    await expect(checkout.getByTestId('amount-options')).toContainText('12 TUSD')
    const tolerant = (await (await fetch(`${paylink.origin}/api/links/${tolerantId}`)).json()) as {
      options: QuotedOption[]
    }
    await send({ to: tokenOf(tusd), data: tusdTransferData(tolerant.options[0]!.depositAddress as Address, '11.94') })
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    await expect(checkout.getByTestId('receipt').getByTestId('settlement-note')).toContainText(
      "Paid within the merchant's 1% tolerance; short by 0.06 TUSD ($0.06).",
    )
  })
})
