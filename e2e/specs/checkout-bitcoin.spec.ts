import type { APIRequestContext } from '@playwright/test'
import { devWalletBitcoinAddresses } from '@paylink/devnet/wallet/bitcoin'
import {
  BITCOIN_REGTEST as regtest,
  bitcoinTestAccount,
  firstRegtestAddress,
  mineRegtestBlock,
  REGTEST_BTC,
} from '../support/chainFixtures.js'
import { connectDevWalletOnOneFamily } from '../support/checkoutPayer.js'
import { bitcoinDemoMinedByHand, expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { submitLinkForm } from '../support/linkForm.js'
import { eventOf, expectSignedLinkPaid } from '../support/webhookReceiver.js'

// The demo as a newcomer runs it; blocks only when mined, so the test sees the payment before its block.
test.use(bitcoinDemoMinedByHand)

const [payerAddress] = devWalletBitcoinAddresses() as [string, string]

// The merchant's BIP84 test account (m/84'/1'/0') from a seed only this test holds; the app gets
// its tpub (watch-only) and derives <tpub>/0/i receive addresses from it.
const merchantAccount = bitcoinTestAccount(84)
const merchantTpub = merchantAccount.publicExtendedKey
const merchantFirstAddress = firstRegtestAddress(merchantAccount)

/** The unspent outputs of `address`, read from the devnet's Esplora through the server's proxy. */
async function utxosOf(request: APIRequestContext, address: string) {
  const response = await request.get(`/devnet/bitcoin/esplora/address/${address}/utxo`)
  expect(response.ok(), `GET /address/${address}/utxo`).toBe(true)
  return (await response.json()) as Array<{ txid: string; vout: number; value: number; status: { confirmed: boolean } }>
}

test.describe('checkout: pay on Bitcoin with the connected wallet', () => {
  test.describe.configure({ timeout: 180_000 })

  test("a 0.001 BTC link to the merchant's saved tpub: the payer connects the Dev Wallet, sees balance and fee, pays; confirming 0 of 1 (mempool) before the block, Paid on both pages after it; link.paid is signed", async ({
    page,
    openCheckoutAsPayer,
    receiver,
  }) => {
    await signInWithDevWallet(page)

    // The merchant saves its watch-only key once.
    // Right after signing in a first click on the tab has been seen to leave the page where it
    // was (the dashboard still settling); the tab is clicked until its page shows.
    await expect(async () => {
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click()
      await expect(page.getByRole('heading', { name: 'Bitcoin receiving key' })).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
    await page.getByLabel('Watch-only key').fill(merchantTpub)
    await page.getByRole('button', { name: 'Save key' }).click()
    await expect(page.getByTestId('bitcoin-key-saved')).toContainText(`wpkh(${merchantTpub.slice(0, 10)}…`)
    await expect(page.getByTestId('bitcoin-key-next-index')).toContainText('0')

    // A link for 0.001 BTC on the demo's devnet, recipient left empty: the next address from the key.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'New link' }).click()
    await page.getByLabel('Title').fill('Bitcoin order 21')
    const option = page.getByTestId('option-0')
    const asset = option.getByLabel('Asset')
    const btcOnDevnet = await asset.locator('option', { hasText: 'Paylink Bitcoin Devnet' }).getAttribute('value')
    expect(btcOnDevnet, 'the New link form offers BTC on the devnet').toBe(REGTEST_BTC)
    await asset.selectOption(btcOnDevnet!)
    await option.getByLabel('Amount').fill('0.001')
    await expect(option.getByLabel('Recipient address')).toHaveValue('')
    await page.getByLabel('Webhook URL (optional)').fill(receiver.url)
    const linkId = await submitLinkForm(page)
    const secret = (await page.getByTestId('webhook-secret').getByTestId('secret-value').textContent())!
    await expect(page.getByTestId('link-status')).toHaveText('Open')

    // The option pays the key's first receive address (m/84'/1'/0'/0/0), derived by the server, with a BIP21 URI.
    const created = (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
      options: Array<{ recipient: string; paymentUri: string }>
    }
    expect(
      created.options[0]!.paymentUri.startsWith(`bitcoin:${merchantFirstAddress}?amount=0.001`),
      created.options[0]!.paymentUri,
    ).toBe(true)
    expect(await utxosOf(page.request, merchantFirstAddress)).toEqual([])

    // The payer, in another browser: one Connect button, for Bitcoin (the link's only chain family).
    const checkout = await openCheckoutAsPayer(linkId)
    // From the payment account (a sats-connect wallet also has an ordinals one).
    await connectDevWalletOnOneFamily(checkout, 'Bitcoin', payerAddress)
    await expect(checkout.locator('.option-list')).toContainText(
      /0\.001 BTC on Paylink Bitcoin Devnet\s*You have [1-9][\d.,]* BTC/,
      { timeout: 30_000 },
    )
    await expect(checkout.getByTestId('pay-fee')).toContainText(/Network fee: ≈ 0\.00000\d+ BTC/)
    await expect(checkout.getByTestId('pay-shortfall')).toHaveCount(0)
    await checkout.getByTestId('pay-button').click()

    // Broadcast, in the devnet's mempool, not counted: the server read the posted txid in the
    // mempool, paying the option's address, so the payment is confirming 0 of 1 (shown, never
    // counted): the checkout says so, the option shows it as confirming, the link stays Open
    // and the merchant's address has the output unconfirmed.
    await expect(checkout.getByTestId('payment-headline')).toHaveText('Detected, confirming 0 of 1', {
      timeout: 45_000,
    })
    await expect(
      checkout.getByTestId('payment-progress').getByRole('listitem').filter({ hasText: 'Detected' }),
    ).toHaveAttribute('aria-current', 'step')
    await expect(checkout.getByTestId('payment-progress')).toContainText('Seen in the mempool, not in a block yet')
    await expect(checkout.getByTestId('link-status')).toHaveText('Open')
    const seen = (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
      status: string
      options: Array<{ paid: string; confirming: string }>
      payments: Array<{
        status: string
        reason: string | null
        txHash: string
        confirmations: number
        requiredConfirmations: number
      }>
    }
    expect(seen.status).toBe('open')
    // One payment: the checkout's POST and the tracker's mempool read of the same transaction are one row.
    expect(seen.payments).toEqual([
      expect.objectContaining({
        status: 'confirming',
        confirmations: 0,
        requiredConfirmations: 1,
        reason: null,
        caipNetworkId: regtest,
      }),
    ])
    expect(seen.options[0]).toMatchObject({ paid: '0', confirming: '0.001' })
    const txid = seen.payments[0]!.txHash
    expect(await utxosOf(page.request, merchantFirstAddress)).toEqual([
      { txid, vout: expect.any(Number), value: 100_000, status: expect.objectContaining({ confirmed: false }) },
    ])
    await expect(page.getByTestId('link-status')).toHaveText('Open')
    expect(
      receiver.received.map((d) => eventOf(d).type),
      'no link.paid before the block',
    ).not.toContain('link.paid')

    // One block: counted at 1 confirmation, Paid on the checkout and on the merchant's page.
    await mineRegtestBlock(page.request)
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 45_000 })
    await expect(checkout.getByTestId('receipt')).toContainText('0.001 BTC')
    await expect(page.getByTestId('link-status')).toHaveText('Paid', { timeout: 15_000 })
    const paidLink = (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
      payments: Array<{ status: string; txHash: string; amount: string }>
    }
    expect(paidLink.payments).toEqual([expect.objectContaining({ status: 'confirmed', amount: '0.001', txHash: txid })])

    // The merchant's derived address holds exactly 0.001 BTC, confirmed.
    expect(await utxosOf(page.request, merchantFirstAddress)).toEqual([
      { txid, vout: expect.any(Number), value: 100_000, status: expect.objectContaining({ confirmed: true }) },
    ])

    // The webhook: link.paid, with a valid Standard Webhooks signature under the link's secret.
    await expectSignedLinkPaid(receiver.received, secret, linkId)
  })
})
