import AxeBuilder from '@axe-core/playwright'
import { devWalletBitcoinAddresses } from '@paylink/devnet/wallet/bitcoin'
import { bitcoinTestAccount, firstRegtestAddress, mineRegtestBlock, REGTEST_BTC } from '../support/chainFixtures.js'
import { connectDevWalletOnOneFamily } from '../support/checkoutPayer.js'
import { bitcoinDemoMinedByHand, expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { createLinkThroughApi } from '../support/merchantApi.js'

// The Bitcoin payer's refund page, as the demo runs it. The payer pays from the Dev Wallet's
// payment address, then on the refund page signs the statement (BIP-322) with that same address;
// the server checks it against the payment transaction's inputs as Esplora reads them.
test.use(bitcoinDemoMinedByHand)

const [payerAddress] = devWalletBitcoinAddresses() as [string, string]

// The merchant's watch-only key (BIP84 test account from a seed only this test holds), and an
// address of the payer's other wallet to be refunded to.
const merchantTpub = bitcoinTestAccount(85).publicExtendedKey
const refundTo = firstRegtestAddress(bitcoinTestAccount(86))

test.describe('refunds on Bitcoin: the payer gives a refund address, signed', () => {
  test.describe.configure({ timeout: 240_000 })

  test("the payer pays with the Dev Wallet, opens the refund page from the receipt, a bad signature is refused, the Dev Wallet's BIP-322 signature is taken; the merchant's Refund form offers the address", async ({
    page,
    paylink,
    openCheckoutAsPayer,
  }) => {
    await signInWithDevWallet(page)
    const saved = await page.request.put('/api/merchant/receiving-keys/bip122', {
      data: { key: merchantTpub },
      headers: { origin: paylink.origin },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    const { id: linkId } = await createLinkThroughApi(page, {
      title: 'Bitcoin mug',
      options: [{ asset: REGTEST_BTC, amount: '0.001' }],
    })

    // The payer pays with the Dev Wallet's Bitcoin account (as checkout-bitcoin.spec.ts).
    const checkout = await openCheckoutAsPayer(linkId)
    await connectDevWalletOnOneFamily(checkout, 'Bitcoin', payerAddress)
    await expect(checkout.getByTestId('pay-button')).toBeEnabled({ timeout: 30_000 })
    await checkout.getByTestId('pay-button').click()
    await expect(checkout.getByTestId('payment-headline')).toHaveText('Detected, confirming 0 of 1', {
      timeout: 45_000,
    })
    await mineRegtestBlock(page.request)
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 45_000 })

    // From the receipt to the refund page.
    await checkout
      .getByTestId('receipt-refund-address')
      .getByRole('link', { name: 'Give one, in case of a refund' })
      .click()
    await expect(checkout).toHaveURL(new RegExp(`/pay/${linkId}/refund$`))
    await expect(checkout.getByRole('heading', { name: 'Where should a refund go?' })).toBeVisible()
    const form = checkout.getByRole('form', { name: 'Refund address' })
    await form.getByLabel('Refund to (your Bitcoin address)').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await form.getByLabel('Refund to (your Bitcoin address)').blur()
    await expect(form).toContainText('Enter an address of this network: it starts with bcrt1.')
    await form.getByLabel('Refund to (your Bitcoin address)').fill(refundTo)
    await expect(form.getByTestId('refund-message')).toHaveValue(new RegExp(`Refund my payment to: ${refundTo}`))

    // At a phone's width: nothing wider than the screen, no serious axe violation (the toolkit's modal aside).
    await checkout.setViewportSize({ width: 390, height: 844 })
    expect(
      await checkout.evaluate(() => document.documentElement.scrollWidth),
      'no horizontal scroll at 390 px',
    ).toBeLessThanOrEqual(390)
    const axe = await new AxeBuilder({ page: checkout }).exclude('w3m-modal').analyze()
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      'the refund page: serious or critical axe violations',
    ).toEqual([])

    // A pasted signature that is not the payer's: refused, with the server's reason.
    await form.getByText('Or paste a signature from another wallet').click()
    await expect(form.getByLabel('Signed by (one of the addresses you paid from)')).toHaveValue(payerAddress)
    await form
      .getByLabel('Signature (base64)')
      .fill(
        'AkcwRAIgAgqJVEdMr2oWU2TaN/cC6qAtxS1jFbYx7CTNaoxloBoCIBFAZ9pRBWDMMq4WKmlID8+usZeVbimQTjZVO/SFV0poASECsps/ekZUjrvNAO0QJ0wqbYc0+RojOsAzWuRPVrTEhBI=',
      )
    await form.getByRole('button', { name: 'Save refund address' }).click()
    await expect(form.getByTestId('refund-address-error')).toContainText('The signature is not')
    expect(
      (
        (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
          payments: Array<{ refundAddress: unknown }>
        }
      ).payments[0]!.refundAddress,
    ).toBeNull()

    // The Dev Wallet (still connected from paying) signs with the address it paid from.
    const useWallet = form.getByTestId('refund-use-wallet')
    if (await useWallet.isVisible()) await useWallet.click()
    await form.getByTestId('refund-sign').click({ timeout: 30_000 })
    await expect(form.getByTestId('refund-address-saved')).toContainText(refundTo, { timeout: 30_000 })
    await expect(checkout.getByTestId('refund-address-current')).toContainText(refundTo, { timeout: 15_000 })
    const after = (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
      payments: Array<{ refundAddress: { address: string; signer: string } | null }>
    }
    expect(after.payments[0]!.refundAddress).toMatchObject({ address: refundTo, signer: payerAddress })

    // The merchant's Refund form offers it, saying where it came from.
    await page.goto(`/dashboard/links/${linkId}`)
    await page.getByRole('button', { name: 'Refund…' }).click()
    const refund = page.getByRole('form', { name: /^Refund payment/ })
    await expect(refund.getByLabel('Refund address')).toHaveValue(refundTo)
    await expect(refund).toContainText('Given by the payer, signed by')
  })
})
