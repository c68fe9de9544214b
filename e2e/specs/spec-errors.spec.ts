import { connectWallet, expect, expectSwitchSettled, test, connectFromPanel } from '../support/fixtures.js'
import type { Page } from '@playwright/test'
import type { TestWindow } from '../support/testWindow.js'

async function runCall(page: Page, namespace: string, label: string) {
  await page.getByLabel('Namespace for the calls').selectOption(namespace)
  await page.getByRole('button', { name: label, exact: true }).click()
}

/** On the wallet page: the Paylink Test Wallet connected from the header's Connect button, the EVM panel connected. */
async function connectEvmOnWalletPage(page: Page) {
  await page.goto('/wallet')
  await connectWallet(page, 'Paylink Test Wallet')
  await expect(page.getByTestId('status-eip155')).toHaveText('connected')
}

test.describe('spec §5 and §8: validation and the error catalogue', () => {
  test('no adapter, no account yet, no adapter for a network change, and a switch target the toolkit does not list', async ({
    page,
  }) => {
    await page.goto('/toolkit')
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('disconnected')

    await runCall(page, 'polkadot', 'Connect')
    await expect(page.getByTestId('call-connect')).toHaveText('Error: Adapter not found')

    // Requests before connecting: the toolkit refuses each one.
    await runCall(page, 'eip155', 'Write contract')
    await expect(page.getByTestId('call-write-contract')).toHaveText('Error: CaipNetwork or CaipAddress is undefined')
    await runCall(page, 'eip155', 'Sign message')
    await expect(page.getByTestId('call-sign-message')).toHaveText(/^Error: .*Sign message failed/)
    await runCall(page, 'eip155', 'Send transaction')
    await expect(page.getByTestId('call-send-transaction')).toHaveText(/^Error: .*not connected/i)
    // No account: the toolkit's own answer (it always holds a network, so not "CaipNetwork is undefined": see row 8.5).
    await runCall(page, 'eip155', 'Estimate gas')
    await expect(page.getByTestId('call-estimate-gas')).toHaveText(
      'Error: WagmiAdapter:estimateGas - error estimating gas',
    )

    const networks = page.getByRole('group', { name: 'Try a network' })
    await networks.getByLabel('Namespace').selectOption('polkadot')
    await page.getByRole('button', { name: 'Add network' }).click()
    await expect(page.getByTestId('toolkit-network-outcome')).toHaveText(
      "Add network: Adapter for namespace polkadot doesn't exist",
    )
    await page.getByRole('button', { name: 'Remove network' }).click()
    await expect(page.getByTestId('toolkit-network-outcome')).toHaveText(
      "Remove network: Adapter for namespace polkadot doesn't exist",
    )

    await networks.getByLabel('Namespace').selectOption('eip155')
    await networks.getByLabel('Network reference').fill('999')
    await page.getByRole('button', { name: 'Switch to it' }).click()
    await expect(page.getByTestId('toolkit-network-outcome')).toHaveText(
      'Switch network: not switched: Network Not Found',
    )
    await expect(page.getByTestId('toolkit-alerts')).toContainText('Network Not Found')
    await page.locator('appkit-network-button').click()
    await expect(page.locator('w3m-modal w3m-alertbar')).toContainText('Network Not Found')
  })

  test('a wallet that fails to disconnect gives "Failed to disconnect chain bip122: ..."', async ({ page }) => {
    await page.goto('/wallet')
    await connectFromPanel(page, 'bip122', 'Paylink Test Bitcoin')
    // The test wallet has no lever for this: make its provider answer wallet_disconnect with an error.
    await page.evaluate(() => {
      const provider = (window as unknown as TestWindow).PaylinkTestBitcoin.BitcoinProvider
      const request = provider.request
      provider.request = (method: string, params: unknown) =>
        method === 'wallet_disconnect'
          ? Promise.resolve({ jsonrpc: '2.0', id: 'x', error: { code: -32603, message: 'Wallet is busy' } })
          : request(method, params)
    })
    // Where the visitor meets it: the wallet page's Disconnect shows the toolkit's error under the panel.
    const panel = page.getByTestId('panel-bip122')
    await panel.getByRole('button', { name: 'Disconnect Bitcoin' }).click()
    // (The panel may hold another alert, e.g. a balance it could not read: take the one under Disconnect.)
    const refused = panel.getByRole('alert').filter({ hasText: 'Failed to disconnect' })
    await expect(refused).toContainText('Failed to disconnect chain bip122: ')
    await expect(refused).toContainText('Wallet is busy')

    await page.getByRole('link', { name: 'Toolkit' }).click()
    await expect(page.getByTestId('toolkit-bip122-status')).toHaveText('connected')
    await runCall(page, 'bip122', 'Disconnect')
    await expect(page.getByTestId('call-disconnect')).toContainText('Failed to disconnect chain bip122: ')
    await expect(page.getByTestId('call-disconnect')).toContainText('Wallet is busy')
  })

  test('wallet codes 4902, 32603 and 5000 on a switch lead to an add-chain attempt; a failed add shows "Chain is not supported"', async ({
    page,
  }) => {
    await connectEvmOnWalletPage(page)
    const panel = page.getByTestId('panel-eip155')
    const methods = () =>
      page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.requests.map((r) => r.method))
    for (const code of [4902, 32603, 5000]) {
      const before = (await methods()).length
      await page.evaluate(
        (c) => (window as unknown as TestWindow).__testWallets.evm.failSwitchWith(c, { addFails: true }),
        code,
      )
      await panel.getByRole('button', { name: 'Paylink Devnet L2' }).click()
      await expect(page.getByTestId('switch-error-eip155')).toHaveText(
        'Could not switch network: Chain is not supported',
      )
      expect((await methods()).slice(before)).toEqual(
        expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']),
      )
      await expect(page.getByTestId('network-eip155')).toContainText('eip155:31337')
    }
    // When the add succeeds, the switch goes through.
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.failSwitchWith(4902))
    await panel.getByRole('button', { name: 'Paylink Devnet L2' }).click()
    await expect(page.getByTestId('network-eip155')).toContainText('eip155:31338')
    await expect(page.getByTestId('switch-error-eip155')).toBeHidden()
    await expectSwitchSettled(panel)
    await expect(page.getByTestId('network-eip155')).toContainText('eip155:31338')
    // Another code is not a reason to add the chain: the refusal is shown as it is.
    const before = (await methods()).length
    await page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.failSwitchWith(4001))
    await panel.getByRole('button', { name: 'Paylink Devnet', exact: true }).click()
    await expect(page.getByTestId('switch-error-eip155')).toHaveText(
      'Could not switch network: You declined the request in your wallet.',
    )
    expect((await methods()).slice(before)).not.toContain('wallet_addEthereumChain')
  })
})

test.describe('spec §6 and §7: the toolkit’s wallet calls', () => {
  test('connect, sign, send, estimate gas, write contract, balance, capabilities, grant and revoke permissions, get assets, disconnect', async ({
    page,
  }) => {
    await page.goto('/toolkit')
    await runCall(page, 'eip155', 'Connect')
    await expect(page.getByTestId('call-connect')).toHaveText(
      /^OK: connected 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266$/i,
    )
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    const expectations: [label: string, id: string, result: RegExp][] = [
      ['Sign message', 'sign-message', /^OK: "0x[0-9a-f]{130}"$/],
      ['Send transaction', 'send-transaction', /^OK: hash 0x[0-9a-f]{64}$/],
      ['Estimate gas', 'estimate-gas', /^OK: 21000 gas$/],
      ['Write contract', 'write-contract', /^OK: hash 0x[0-9a-f]{64}$/],
      ['Balance', 'balance', /^OK: [0-9.]+ ETH$/],
      // The test wallet, like many wallets, has no EIP-5792 / ERC-7715 / EIP-7811 support: the toolkit's error is shown.
      ['Capabilities', 'capabilities', /^Error: The Paylink Dev Wallet does not support wallet_getCapabilities\.$/],
      ['Get assets', 'get-assets', /^Error: The Paylink Dev Wallet does not support wallet_getAssets\.$/],
    ]
    for (const [label, id, result] of expectations) {
      await runCall(page, 'eip155', label)
      await expect(page.getByTestId(`call-${id}`)).toHaveText(result)
    }
    const requests = () => page.evaluate(() => (window as unknown as TestWindow).__testWallets.evm.requests)
    expect((await requests()).map((r) => r.method)).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_getCapabilities', 'wallet_getAssets']),
    )

    // Permissions (ERC-7715): the wallet grants and gives the grant a context; revoking names that context.
    await runCall(page, 'eip155', 'Grant permissions')
    await expect(page.getByTestId('call-grant-permissions')).toHaveText(
      /^OK: \[\{"chainId":"0x7a69","address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","expiry":\d+,"permissions":\[\{"type":"native-token-recurring-allowance",.*\}\],"context":"0x00000001"\}\]$/,
    )
    await runCall(page, 'eip155', 'Revoke permissions')
    await expect(page.getByTestId('call-revoke-permissions')).toHaveText('OK: null')
    const revoke = (await requests()).filter((r) => r.method === 'wallet_revokePermissions')
    expect(revoke.map((r) => (r.params as { pci?: string }).pci)).toEqual(['0x00000001'])
    // Revoking a grant is not dropping the site (EIP-2255's form does that): still connected.
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    // The grant is gone: the wallet refuses to revoke it twice.
    await runCall(page, 'eip155', 'Revoke permissions')
    await expect(page.getByTestId('call-revoke-permissions')).toHaveText(
      /^Error: .*No permission was granted with context "0x00000001"\./,
    )
    await runCall(page, 'eip155', 'Disconnect')
    await expect(page.getByTestId('call-disconnect')).toHaveText('OK: disconnected')
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('disconnected')
  })
})

test.describe('spec §9: constants', () => {
  test('send on eip155 and solana only, gas estimation on eip155 only, account type payment on bip122 and eoa elsewhere', async ({
    page,
  }) => {
    await connectEvmOnWalletPage(page)
    await connectFromPanel(page, 'solana', 'Paylink Test Solana')
    await connectFromPanel(page, 'bip122', 'Paylink Test Bitcoin')
    await expect(page.getByTestId('panel-eip155').getByRole('button', { name: 'Send ETH' })).toBeVisible()
    await expect(page.getByTestId('panel-eip155').getByTestId('fee-preview')).toBeVisible()
    await expect(page.getByTestId('panel-solana').getByRole('button', { name: 'Send SOL' })).toBeVisible()
    // The toolkit estimates gas on eip155 only; Paylink prices a Solana transfer itself (getFeeForMessage).
    await expect(page.getByTestId('panel-solana').getByTestId('fee-preview')).toBeVisible()
    // Paylink's Send BTC asks the wallet itself (sats-connect sendTransfer), not the toolkit, which
    // sends on eip155 and solana only (its constant and its refusal are checked on /toolkit below).
    await expect(page.getByTestId('panel-bip122').getByRole('button', { name: 'Send BTC' })).toBeVisible()
    await expect(page.getByTestId('account-type-eip155')).toHaveText('eoa')
    await expect(page.getByTestId('account-type-solana')).toHaveText('eoa')
    await expect(page.getByTestId('account-type-bip122')).toHaveText('payment')

    await page.getByRole('link', { name: 'Toolkit' }).click()
    await expect(page.getByTestId('toolkit-version')).toHaveText(/-1\.7\.8$/)
    await expect(page.getByTestId('toolkit-send-namespaces')).toHaveText('eip155, solana')
    await expect(page.getByTestId('toolkit-eip155-account-type')).toHaveText('eoa')
    await expect(page.getByTestId('toolkit-solana-account-type')).toHaveText('eoa')
    await expect(page.getByTestId('toolkit-bip122-account-type')).toHaveText('payment')
    await runCall(page, 'bip122', 'Send transaction')
    await expect(page.getByTestId('call-send-transaction')).toHaveText(
      'OK: not sent: the toolkit does not send on bip122',
    )
    for (const [namespace, gas] of [
      ['bip122', '0'],
      ['solana', '0'],
      ['eip155', '21000'],
    ]) {
      await runCall(page, namespace!, 'Estimate gas')
      await expect(page.getByTestId('call-estimate-gas')).toHaveText(`OK: ${gas} gas`)
    }
  })
})
