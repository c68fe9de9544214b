import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Verifier } from 'bip322-js'
import { solanaTestAddress } from '@paylink/devnet/test-wallets/solana'
import { connectFromPanel, expect, openConnectModal, test } from '../support/fixtures.js'
import type { TestWindow } from '../support/testWindow.js'

test.describe('Solana through a Wallet Standard test wallet (RPC: litesvm fixture)', () => {
  test('connects, shows the address and the SOL balance, signs a message that verifies', async ({ page, chains }) => {
    await page.goto('/wallet')
    await connectFromPanel(page, 'solana', 'Paylink Test Solana')
    const panel = page.getByTestId('panel-solana')
    await expect(page.getByTestId('address-solana')).toHaveText(chains.solana.address)
    await expect(page.getByTestId('account-type-solana')).toHaveText('eoa')
    await expect(
      page.getByTestId('balances-solana').getByRole('row', { name: /Solana Devnet SOL 5 SOL/ }),
    ).toBeVisible()

    await panel.getByLabel('Message').fill('Paylink on Solana')
    await panel.getByRole('button', { name: 'Sign' }).click()
    const signature = (await page.getByTestId('signature-solana').textContent())!
    const ok = ed25519.verify(
      base58.decode(signature),
      new TextEncoder().encode('Paylink on Solana'),
      base58.decode(chains.solana.address),
    )
    expect(ok).toBe(true)

    // The test wallet signs for the fixture's chain only, not the demo's own Solana devnet (listed first).
    await panel.getByRole('button', { name: 'Solana Devnet', exact: true }).click()
    await expect(page.getByTestId('network-solana')).toContainText('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    // Send 0.5 SOL, the fee shown first (Paylink asks getFeeForMessage); the balance refreshes.
    await panel.getByLabel('Recipient').fill(solanaTestAddress('22'.repeat(32)))
    await panel.getByLabel('Amount (SOL)').fill('0.5')
    await expect(panel.getByTestId('fee-preview')).toContainText('≈ 0.000005 SOL')
    await panel.getByRole('button', { name: 'Send SOL' }).click()
    await expect(page.getByTestId('tx-solana')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect(
      page.getByTestId('balances-solana').getByRole('row', { name: /Solana Devnet SOL 4\.49\d+ SOL/ }),
    ).toBeVisible()
  })
})

test.describe('Bitcoin through a sats-connect test wallet (API: synthetic Esplora fixture)', () => {
  test('connects with payment and ordinal accounts, shows the balance, signs BIP-322', async ({ page }) => {
    await page.goto('/wallet')
    await connectFromPanel(page, 'bip122', 'Paylink Test Bitcoin')
    const panel = page.getByTestId('panel-bip122')
    const wallet = await page.evaluate(
      () =>
        (window as unknown as TestWindow).__testWallets.bitcoin as { paymentAddress: string; ordinalsAddress: string },
    )
    await expect(page.getByTestId('address-bip122')).toHaveText(wallet.paymentAddress)
    const accounts = page.getByTestId('accounts-bip122')
    await expect(accounts.getByRole('listitem').filter({ hasText: wallet.paymentAddress })).toContainText('payment')
    await expect(accounts.getByRole('listitem').filter({ hasText: wallet.ordinalsAddress })).toContainText('ordinal')
    await expect(page.getByTestId('account-type-bip122')).toHaveText('payment')
    // The test wallet's payment address holds 150000 + 25000 sats in the Esplora fixture: 0 would be a failed read.
    await expect(
      page.getByTestId('balances-bip122').getByRole('row', { name: /Bitcoin Testnet BTC 0\.00175 BTC/ }),
    ).toBeVisible()

    await panel.getByLabel('Message').fill('Paylink on Bitcoin')
    await panel.getByRole('button', { name: 'Sign' }).click()
    const signature = (await page.getByTestId('signature-bip122').textContent())!
    expect(Verifier.verifySignature(wallet.paymentAddress, 'Paylink on Bitcoin', signature)).toBe(true)
    // Sending BTC is offered (a PSBT the wallet signs, broadcast by the page); this test wallet is
    // synthetic, so it is not pressed here: wallet-bitcoin.spec.ts sends for real with the Dev Wallet.
    await expect(panel.getByRole('button', { name: 'Send BTC' })).toBeVisible()
  })
})

test('the modal lists all three test wallets', async ({ page }) => {
  await page.goto('/')
  const modal = await openConnectModal(page)
  for (const name of ['Paylink Test Wallet', 'Paylink Test Solana', 'Paylink Test Bitcoin'])
    await expect(modal.getByText(name, { exact: true }).first()).toBeVisible()
})
