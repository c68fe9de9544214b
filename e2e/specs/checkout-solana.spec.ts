import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { APIRequestContext } from '@playwright/test'
import { devWalletSolanaKey } from '@paylink/devnet/wallet'
import { connectDevWalletOnCheckout, connectDevWalletOnOneFamily } from '../support/checkoutPayer.js'
import { expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { assetOn, createLinkThroughApi } from '../support/merchantApi.js'
import { submitLinkForm } from '../support/linkForm.js'
import { expectSignedLinkPaid } from '../support/webhookReceiver.js'

// The demo as a newcomer runs it: its own Solana devnet (litesvm behind /devnet/solana/rpc) and
// the Paylink Dev Wallet, no injected test wallet.
test.use({ testWallets: {} })

const payerAddress = devWalletSolanaKey(0).address

async function solanaRpc<T>(request: APIRequestContext, method: string, params: unknown[]): Promise<T> {
  const response = await request.post('/devnet/solana/rpc', { data: { jsonrpc: '2.0', id: 1, method, params } })
  const { result } = (await response.json()) as { result: T }
  return result
}

test.describe('checkout: pay on Solana with the connected wallet', () => {
  test.describe.configure({ timeout: 150_000 })

  test('a Test USD link on the Solana devnet: the payer connects the Dev Wallet, sees balance, fee and rent, pays; both pages turn Paid at finalized; link.paid is signed', async ({
    page,
    openCheckoutAsPayer,
    receiver,
  }) => {
    await signInWithDevWallet(page)
    // The merchant's Solana account: a key it holds elsewhere, never seen by the app, with no Test USD account yet.
    const merchantSolana = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'New link' }).click()
    await page.getByLabel('Title').fill('Solana order 7')
    const option = page.getByTestId('option-0')
    await option.getByLabel('Asset').selectOption({ label: 'Test USD on Paylink Solana Devnet' })
    await option.getByLabel('Amount').fill('4.2')
    await option.getByLabel('Recipient address').fill(merchantSolana)
    await page.getByLabel('Webhook URL (optional)').fill(receiver.url)
    const linkId = await submitLinkForm(page)
    const secret = (await page.getByTestId('webhook-secret').getByTestId('secret-value').textContent())!
    await expect(page.getByTestId('link-status')).toHaveText('Open')

    // The payer, in another browser: one Connect button, for Solana (the link's only chain family).
    const checkout = await openCheckoutAsPayer(linkId)
    await connectDevWalletOnOneFamily(checkout, 'Solana', payerAddress)
    await expect(checkout.locator('.option-list')).toContainText(
      /4\.2 TUSD on Paylink Solana Devnet\s*You have [1-9][\d.,]* TUSD/,
    )
    // The fee and the rent of the merchant's new token account, before the wallet is asked.
    await expect(checkout.getByTestId('pay-fee')).toContainText('Network fee: ≈ 0.000005 SOL')
    await expect(checkout.getByTestId('pay-rent')).toContainText("SOL to open the merchant's TUSD account")
    await expect(checkout.getByTestId('pay-shortfall')).toHaveCount(0)
    await checkout.getByTestId('pay-button').click()

    // Found on chain and counted at finalized: the checkout and the merchant's page, open all along.
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 45_000 })
    await expect(checkout.getByTestId('receipt')).toContainText('4.2 TUSD')
    await expect(page.getByTestId('link-status')).toHaveText('Paid', { timeout: 15_000 })

    // The transfer carried the option's Solana Pay reference, and the signature reached the server.
    const link = (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
      options: Array<{ paymentUri: string }>
      payments: Array<{ txHash: string; status: string; amount: string; payer: string | null }>
    }
    expect(link.payments).toEqual([expect.objectContaining({ status: 'confirmed', amount: '4.2' })])
    const signature = link.payments[0]!.txHash
    const reference = new URL(link.options[0]!.paymentUri).searchParams.get('reference')!
    const byReference = await solanaRpc<Array<{ signature: string }>>(page.request, 'getSignaturesForAddress', [
      reference,
      { commitment: 'confirmed' },
    ])
    expect(byReference.map((s) => s.signature)).toEqual([signature])

    // The webhook: link.paid, with a valid Standard Webhooks signature under the link's secret.
    await expectSignedLinkPaid(receiver.received, secret, linkId)
  })

  test('more Test USD than the wallet holds: said before the wallet is asked, Pay disabled', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    await signInWithDevWallet(page)
    const tusd = await assetOn(page, 'Paylink Solana Devnet', 'TUSD')
    const { id } = await createLinkThroughApi(page, {
      title: 'Too much',
      options: [{ asset: tusd, amount: '50000000', recipient: devWalletSolanaKey(1).address }],
    })

    const checkout = await openCheckoutAsPayer(id)
    await connectDevWalletOnCheckout(checkout, 'Solana')
    await expect(checkout.getByTestId('pay-shortfall')).toHaveText(
      /^Not enough TUSD: this wallet has [\d.,]+, the payment needs 50,000,000\./,
    )
    await expect(checkout.getByTestId('pay-button')).toBeDisabled()
    expect((await (await page.request.get(`/api/links/${id}`)).json()).payments).toHaveLength(0)
  })

  test('a link on EVM and Solana: the payer chooses the chain family, Connect follows the choice, each form lists its own options (390 px)', async ({
    page,
    newWalletContext,
  }, testInfo) => {
    await signInWithDevWallet(page)
    const evmTusd = await assetOn(page, 'Paylink Devnet', 'TUSD')
    const solanaTusd = await assetOn(page, 'Paylink Solana Devnet', 'TUSD')
    const { id } = await createLinkThroughApi(page, {
      title: 'Two chains',
      options: [
        { asset: evmTusd, amount: '3', recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
        { asset: solanaTusd, amount: '3', recipient: devWalletSolanaKey(1).address },
      ],
    })

    const checkout = await (await newWalletContext()).newPage()
    await checkout.setViewportSize({ width: 390, height: 844 })
    await checkout.goto(`/pay/${id}`)
    const chooser = checkout.getByTestId('pay-namespaces')
    await expect(chooser.getByRole('radio', { name: /^Ethereum \(EVM\)/ })).toBeChecked()
    await expect(checkout.getByTestId('pay-connect')).toHaveText('Connect Ethereum (EVM) wallet')
    await chooser.getByRole('radio', { name: /^Solana/ }).check()
    await expect(checkout.getByTestId('pay-connect')).toHaveText('Connect Solana wallet')
    await connectDevWalletOnCheckout(checkout, 'Solana')
    await expect(chooser.getByRole('radio', { name: /^Solana/ })).toBeChecked()
    const options = checkout.locator('.pay-form .option-list')
    await expect(options.getByRole('radio')).toHaveCount(1)
    await expect(options).toContainText('3 TUSD on Paylink Solana Devnet')
    await expect(checkout.getByTestId('pay-fee')).toContainText('≈ 0.000005 SOL')
    await testInfo.attach('two chains, Solana connected, 390 px', {
      body: await checkout.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    // Back to EVM: not connected there yet, so its Connect prompt, keyboard reachable.
    await chooser.getByRole('radio', { name: /^Ethereum \(EVM\)/ }).check()
    await expect(checkout.getByTestId('pay-connect')).toHaveText('Connect Ethereum (EVM) wallet')
    await expect(checkout.getByTestId('pay-button')).toHaveCount(0)
  })
})
