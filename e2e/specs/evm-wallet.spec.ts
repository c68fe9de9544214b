import type { Page } from '@playwright/test'
import { formatAmount } from '@paylink/shared'
import { encodeFunctionData, erc20Abi, formatEther, parseEther, verifyMessage, type Hex } from 'viem'
import { connectWallet, expect, expectSwitchSettled, test } from '../support/fixtures.js'
import type { TestWindow } from '../support/testWindow.js'

const TUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** What the node says, formatted as the page formats it for people (grouped, at most 4 decimals): other specs of the worker spend from account 0 too. */
async function onChain(page: Page, chainId: number, asset: 'ETH' | 'TUSD'): Promise<string> {
  return formatAmount(await onChainAtomic(page, chainId, asset), asset === 'ETH' ? 18 : 6)
}

/** The balance in atomic units, for arithmetic. */
async function onChainAtomic(page: Page, chainId: number, asset: 'ETH' | 'TUSD'): Promise<bigint> {
  const call =
    asset === 'ETH'
      ? { method: 'eth_getBalance', params: [ACCOUNT_0, 'latest'] }
      : {
          method: 'eth_call',
          params: [
            { to: TUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] }) },
            'latest',
          ],
        }
  const response = await page.request.post(`/devnet/rpc/${chainId}`, { data: { jsonrpc: '2.0', id: 1, ...call } })
  return BigInt(((await response.json()) as { result: string }).result)
}

const row = (network: string, asset: string, amount: string) =>
  new RegExp(`${network} ${asset} ${amount.replace(/\./g, '\\.')} ${asset}`)

// anvil's first two default accounts: the devnet funds them with 10000 ETH and 10000 TUSD.
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test.describe('EVM wallet page with the test wallet', () => {
  // The demo at either loopback name (checkout.spec.ts runs sign-in, create link and pay the same way).
  for (const appHost of ['127.0.0.1', 'localhost'] as const) {
    test.describe(`at http://${appHost}`, () => {
      test.use({ appHost })

      test(`connects, shows balances on every network, switches, signs, sends, survives a reload, disconnects (${appHost})`, async ({
        page,
      }) => {
        await page.goto('/wallet')
        await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible()
        await expect(page.getByTestId('status-eip155')).toHaveText('disconnected')

        const modal = await connectWallet(page, 'Paylink Test Wallet')
        await expect(modal.locator('wui-card')).toBeHidden()
        await expect(page.getByTestId('status-eip155')).toHaveText('connected')
        await expect(page.getByTestId('address-eip155')).toHaveText(new RegExp(ACCOUNT_0, 'i'))
        await expect(page.getByTestId('overall-status')).toHaveText('connected')

        const balances = page.getByTestId('balances-eip155')
        await expect(
          balances.getByRole('row', { name: row('Paylink Devnet', 'ETH', await onChain(page, 31337, 'ETH')) }),
        ).toBeVisible()
        await expect(
          balances.getByRole('row', { name: row('Paylink Devnet', 'TUSD', await onChain(page, 31337, 'TUSD')) }),
        ).toBeVisible()
        await expect(
          balances.getByRole('row', { name: row('Paylink Devnet L2', 'ETH', await onChain(page, 31338, 'ETH')) }),
        ).toBeVisible()

        // Switch to the L2 and back; a refused switch shows an error and leaves the network alone.
        const panel = page.getByTestId('panel-eip155')
        await panel.getByRole('button', { name: 'Paylink Devnet L2' }).click()
        await expect(page.getByTestId('network-eip155')).toContainText('eip155:31338')
        await expectSwitchSettled(panel)
        await page.evaluate(() =>
          (window as unknown as TestWindow).__testWallets.evm.refuseNext('wallet_switchEthereumChain'),
        )
        await panel.getByRole('button', { name: 'Paylink Devnet', exact: true }).click()
        await expect(page.getByTestId('switch-error-eip155')).toContainText('You declined the request in your wallet.')
        await expect(page.getByTestId('network-eip155')).toContainText('eip155:31338')
        await panel.getByRole('button', { name: 'Paylink Devnet', exact: true }).click()
        await expect(page.getByTestId('network-eip155')).toContainText('eip155:31337')
        await expect(page.getByTestId('switch-error-eip155')).toBeHidden()

        // Sign: the signature verifies for the connected address.
        await panel.getByLabel('Message').fill('Paylink e2e')
        await panel.getByRole('button', { name: 'Sign' }).click()
        const signature = (await page.getByTestId('signature-eip155').textContent()) as Hex
        expect(await verifyMessage({ address: ACCOUNT_0, message: 'Paylink e2e', signature })).toBe(true)

        // Send 0.1 ETH: the hash shows and the balance drops without a manual refresh.
        await panel.getByLabel('Recipient').fill(ACCOUNT_1)
        const before = await onChainAtomic(page, 31337, 'ETH')
        await panel.getByLabel('Amount (ETH)').fill('0.1')
        await expect(page.getByTestId('fee-preview')).toContainText(/≈ 0\.0*[1-9]\d{0,3} ETH$/) // an estimate: four significant digits at most
        await panel.getByRole('button', { name: 'Send ETH' }).click()
        await expect(page.getByTestId('tx-eip155')).toHaveText(/^0x[0-9a-f]{64}$/)
        const after = await onChainAtomic(page, 31337, 'ETH')
        expect(before - after).toBeGreaterThan(parseEther('0.1')) // 0.1 ETH and the fee
        const ethRow = balances.getByRole('row', { name: row('Paylink Devnet', 'ETH', formatAmount(after, 18)) })
        await expect(ethRow).toBeVisible()
        // Shown for people (grouped, 4 decimals at most); every digit on hover.
        await expect(ethRow.locator('.amount-text')).toHaveAttribute('title', `${formatEther(after)} ETH`)

        // A reload keeps the connection.
        await page.reload()
        await expect(page.getByTestId('status-eip155')).toHaveText('connected')
        await expect(page.getByTestId('address-eip155')).toHaveText(new RegExp(ACCOUNT_0, 'i'))

        // Disconnect clears the panel.
        await page.getByTestId('panel-eip155').getByRole('button', { name: 'Disconnect EVM' }).click()
        await expect(page.getByTestId('status-eip155')).toHaveText('disconnected')
        await expect(page.getByTestId('address-eip155')).toHaveCount(0)
        await expect(page.getByTestId('balances-eip155')).toHaveCount(0)
        await expect(page.getByTestId('overall-status')).toHaveText('disconnected')
      })
    })
  }

  test('a chain the wallet does not know and cannot add ends in "Chain is not supported"', async ({ page }) => {
    await page.goto('/wallet')
    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
    await page.evaluate(() =>
      (window as unknown as TestWindow).__testWallets.evm.failSwitchWith(4902, { addFails: true }),
    )
    await page.getByTestId('panel-eip155').getByRole('button', { name: 'Paylink Devnet L2' }).click()
    await expect(page.getByTestId('switch-error-eip155')).toHaveText('Could not switch network: Chain is not supported')
    const methods = await page.evaluate(() =>
      (window as unknown as TestWindow).__testWallets.evm.requests.map((r: { method: string }) => r.method),
    )
    expect(methods).toContain('wallet_addEthereumChain')
    await expect(page.getByTestId('network-eip155')).toContainText('eip155:31337')
  })

  test('the demo Dev Wallet connects and shows the funded account’s balances', async ({ page }) => {
    await page.goto('/wallet')
    // The Dev Wallet has an EVM and a Solana account: the toolkit asks which chain to connect.
    const modal = await connectWallet(page, 'Paylink Dev Wallet')
    await modal.getByText('EVM Networks').click()
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
    const balances = page.getByTestId('balances-eip155')
    await expect(
      balances.getByRole('row', { name: row('Paylink Devnet', 'TUSD', await onChain(page, 31337, 'TUSD')) }),
    ).toBeVisible()
  })
})

test.describe('toolkit hosts that hang instead of failing', () => {
  test.use({ loopback: { hang: (host) => /walletconnect|web3modal|reown/.test(host) } })

  test('the Connect button still appears within 5 s and the wallet connects', async ({ page }) => {
    const started = Date.now()
    await page.goto('/wallet')
    await expect(page.locator('appkit-button')).toBeVisible({ timeout: 5000 })
    await expect(page.locator('appkit-button').getByText(/connect/i)).toBeVisible({
      timeout: Math.max(500, 5000 - (Date.now() - started)),
    })
    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
  })
})
