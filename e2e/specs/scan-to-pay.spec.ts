import type { Page } from '@playwright/test'
import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hex } from 'viem'
import { devnetWithTusd, sendUnlocked } from '../support/devnetEvm.js'
import { expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { fillLinkOption, submitLinkForm } from '../support/linkForm.js'

/** anvil's account 0: the Paylink Dev Wallet's account, the merchant here. */
const MERCHANT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** anvil's account 9: a phone wallet the app never saw (no connection, no sign-in, no submission). */
const PHONE = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

interface LinkOption {
  symbol: string
  amount: string
  depositAddress: string | null
  paymentUri: string | null
}

/** An EIP-681 URI as a wallet reads it: the transaction it asks for. */
function transactionOf(uri: string): { to: Address; value: bigint; data?: Hex; chainId: number } {
  const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)(\/transfer)?\?(.*)$/.exec(uri)
  if (!match) throw new Error(`not an EIP-681 URI this test reads: ${uri}`)
  const [, target, chainId, transfer, query] = match
  const params = new URLSearchParams(query)
  if (!transfer) return { to: target as Address, value: BigInt(params.get('value')!), chainId: Number(chainId) }
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [params.get('address') as Address, BigInt(params.get('uint256')!)],
  })
  return { to: target as Address, value: 0n, data, chainId: Number(chainId) }
}

/** The option's URI as the payer sees it: the checkout's QR (data-payment-uri) when the page has one, else the API. */
async function paymentUriOf(checkout: Page, origin: string, linkId: string, symbol: string): Promise<string> {
  const onPage = checkout.locator(`[data-payment-uri^="ethereum:"]`)
  for (const element of await onPage.all()) {
    const uri = await element.getAttribute('data-payment-uri')
    if (uri && (symbol === 'ETH' ? uri.includes('?value=') : uri.includes('/transfer?'))) return uri
  }
  const link = (await (await fetch(`${origin}/api/links/${linkId}`)).json()) as { options: LinkOption[] }
  const option = link.options.find((o) => o.symbol === symbol)!
  expect(option.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return option.paymentUri!
}

// A server of its own: the Deposits page lists every uncollected deposit of the merchant, and other specs
// on the shared server (fiat-price) pay the same Dev Wallet merchant's deposit addresses too.
test.use({ serverOptions: { label: 'scan-to-pay: a merchant with no deposits yet' } })

test.describe('scan to pay', () => {
  test('a phone wallet pays a link by its URI alone; the checkout turns Paid; the merchant collects with the Dev Wallet', async ({
    page,
    paylink,
    context,
  }) => {
    test.setTimeout(150_000)
    const { chain, tusd } = await devnetWithTusd(page, paylink.origin)
    const tusdOf = (address: Address) =>
      chain.readContract({ address: tusd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

    // The merchant signs in with the Dev Wallet and creates a link with Test USD and ETH options.
    await signInWithDevWallet(page)
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'New link' }).click()
    await page.getByLabel('Title').fill('Scan-to-pay order')
    await fillLinkOption(page, 0, { asset: 'Test USD on Paylink Devnet', prefilledRecipient: MERCHANT, amount: '12.5' })
    await fillLinkOption(page, 1, { asset: 'Ether on Paylink Devnet', amount: '0.003' })
    const linkId = await submitLinkForm(page)

    // The payer's checkout, in its own tab.
    const checkout = await context.newPage()
    await checkout.goto(`/pay/${linkId}`)
    await expect(checkout.getByTestId('link-status')).toHaveText('Open')

    // The phone wallet: reads the URI, sends exactly that transfer, tells Paylink nothing.
    const uri = await paymentUriOf(checkout, paylink.origin, linkId, 'TUSD')
    const request = transactionOf(uri)
    expect(request.chainId).toBe(31337)
    expect(request.to.toLowerCase()).toBe(tusd.toLowerCase())
    const phoneNonce = await chain.getTransactionCount({ address: PHONE })
    expect(phoneNonce).toBe(0) // the app never used this account
    await sendUnlocked(chain, { from: PHONE, to: request.to, value: request.value, data: request.data })

    // Found by the server in the block: the checkout turns Paid by itself.
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 20_000 })

    // The merchant collects: one transaction from the Dev Wallet, the TUSD reaches its address.
    const before = await tusdOf(MERCHANT)
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Deposits' }).click()
    const devnet = page.getByTestId('deposits-eip155-31337')
    await expect(devnet.getByTestId('deposits-waiting')).toContainText('12.5 TUSD')
    await devnet.getByTestId('collect-button').click()
    await expect(devnet.getByTestId('collect-result')).toContainText('Collected 1 deposit address', { timeout: 30_000 })
    expect(await tusdOf(MERCHANT)).toBe(before + parseUnits('12.5', 6))
    await expect(devnet.getByTestId('deposits-empty')).toBeVisible()
  })
})
