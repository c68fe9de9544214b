import { expect, type Page } from '@playwright/test'
import { pickDevWalletEvm, pickDevWalletOn } from './fixtures.js'

// The payer's side of a checkout (/pay/:id): connecting a wallet there and paying.

/** On a checkout offering one chain family: connects the Paylink Dev Wallet's `chain` account, until the page says which account pays. */
export async function connectDevWalletOnCheckout(checkout: Page, chain: 'Solana' | 'Bitcoin') {
  await checkout.getByTestId('pay-connect').click()
  await pickDevWalletOn(checkout, chain, checkout.getByText('Paying from'))
}

/**
 * On the checkout of an Open link offering one chain family, as the payer opened it: its one Connect
 * button names that family; the Paylink Dev Wallet's `chain` account connects and pays from `payer`.
 */
export async function connectDevWalletOnOneFamily(checkout: Page, chain: 'Solana' | 'Bitcoin', payer: string) {
  await expect(checkout.getByTestId('link-status')).toHaveText('Open')
  await expect(checkout.getByTestId('pay-connect')).toHaveText(`Connect ${chain} wallet`)
  await connectDevWalletOnCheckout(checkout, chain)
  // The longer wait refund-bitcoin.spec.ts gave this check, kept for every spec that uses it.
  await expect(checkout.locator('.payer code')).toHaveAttribute('title', payer, { timeout: 30_000 })
}

/** On a checkout: connects the Paylink Test Wallet, until the page says which account pays. */
export async function connectTestWalletOnCheckout(checkout: Page) {
  await checkout.getByTestId('pay-connect').click()
  const modal = checkout.locator('w3m-modal')
  await expect(modal.locator('wui-card')).toBeVisible()
  await modal.getByText('Paylink Test Wallet', { exact: false }).first().click()
  await expect(checkout.getByText('Paying from')).toBeVisible()
}

/** On a checkout: connects the Paylink Test Wallet and pays (switching to the Paylink Devnet when asked), until the receipt shows. */
export async function payWithTestWallet(checkout: Page) {
  await connectTestWalletOnCheckout(checkout)
  await payConnectedCheckout(checkout)
}

/** On a checkout with the wallet connected: pays (switching to the Paylink Devnet when asked), until the receipt shows. */
export async function payConnectedCheckout(page: Page) {
  await expect(page.getByText('Paying from')).toBeVisible()
  const switchButton = page.getByRole('button', { name: 'Switch to Paylink Devnet' })
  if (await switchButton.isVisible()) await switchButton.click()
  await page.getByTestId('pay-button').click()
  await expect(page.getByTestId('receipt')).toBeVisible({ timeout: 30_000 })
}

/**
 * On a checkout whose connect modal is open: picks the Paylink Dev Wallet on its EVM account and
 * pays (switching to the Paylink Devnet when asked), until the receipt shows.
 */
export async function payFromDevWalletModal(page: Page) {
  await pickDevWalletEvm(page, page.getByText('Paying from'))
  await payConnectedCheckout(page)
}
