import { connectWallet, expect, test, connectFromPanel } from '../support/fixtures.js'
import type { TestWindow } from '../support/testWindow.js'

test.describe('spec §3: entities', () => {
  test('the diagnostics page shows every field of the network and the connected account, and the site metadata is the page’s own', async ({
    page,
    paylink,
  }) => {
    await page.goto('/toolkit')
    await connectWallet(page, 'Paylink Test Wallet')
    const field = (name: string) => page.getByTestId(`toolkit-eip155-${name}`)
    await expect(field('status')).toHaveText('connected')
    await expect(field('address')).toHaveText(/^0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266$/i)
    await expect(field('all-accounts')).toContainText(/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\s*eoa/i)
    await expect(field('account-type')).toHaveText('eoa')
    await expect(field('user')).toHaveText('none')
    await expect(field('social-provider')).toHaveText('none')
    await expect(field('smart-account')).toHaveText('no')
    await expect(field('wallet')).toHaveText('Paylink Test Wallet')
    await expect(field('provider')).toHaveText(/^present/)
    await expect(field('network-id')).toHaveText('31337')
    await expect(field('network-name')).toHaveText('Paylink Devnet')
    await expect(field('network-chain-namespace')).toHaveText('eip155')
    await expect(field('network-caip-network-id')).toHaveText('eip155:31337')
    await expect(field('network-native-currency')).toHaveText('Ether (ETH, 18 decimals)')
    await expect(field('network-rpc-urls')).toHaveText(`${paylink.origin}/devnet/rpc/31337`)
    await expect(field('network-block-explorers')).toHaveText('none')
    await expect(field('network-testnet')).toHaveText('yes')
    // A wallet session exists only through WalletConnect, which needs a project id.
    await expect(page.getByTestId('toolkit-wc-session')).toHaveText('none: WalletConnect needs a Reown project id')

    const page_ = await page.evaluate(() => ({
      name: document.title,
      description: document.querySelector<HTMLMetaElement>('meta[property="og:description"]')!.content,
      url: location.origin,
      icon: document.querySelector<HTMLLinkElement>('link[rel~="icon"]')!.href,
    }))
    expect(page_.name).toBe('Paylink')
    await expect(page.getByTestId('toolkit-metadata-name')).toHaveText(page_.name)
    await expect(page.getByTestId('toolkit-metadata-description')).toHaveText(page_.description)
    await expect(page.getByTestId('toolkit-metadata-url')).toHaveText(paylink.origin)
    await expect(page.getByTestId('toolkit-metadata-icons')).toHaveText(`${paylink.origin}/favicon.svg`)
    await expect(page.getByTestId('toolkit-metadata-icons')).toHaveText(page_.icon)
    await expect(page.getByTestId('toolkit-metadata-check')).toHaveText('The toolkit uses the page’s own metadata.')
  })
})

test.describe('spec §4: states and transitions', () => {
  test('per-chain and overall status, resync on load, one chain failing to resync, disconnect per chain', async ({
    page,
  }) => {
    const warnings: string[] = []
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
    await page.goto('/wallet')
    await expect(page.getByTestId('overall-status')).toHaveText('disconnected')
    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
    await connectFromPanel(page, 'solana', 'Paylink Test Solana')
    await connectFromPanel(page, 'bip122', 'Paylink Test Bitcoin')

    // Resync on load: each chain goes connecting -> connected again.
    await page.goto('/toolkit')
    for (const ns of ['eip155', 'solana', 'bip122'])
      await expect(page.getByTestId(`toolkit-${ns}-status`)).toHaveText('connected')
    const history = page.getByTestId('toolkit-status-history')
    await expect(history).toContainText('eip155 connecting')
    await expect(history).toContainText('eip155 connected')
    await expect(history).toContainText('bip122 connected')
    await expect(page.getByTestId('toolkit-overall')).toHaveText('connected')
    expect(await page.evaluate(() => localStorage.getItem('@appkit/connection_status'))).toBe('connected')

    // On the next load the Bitcoin wallet refuses: only that chain is marked disconnected, with a warning.
    await page.addInitScript(() => {
      const timer = setInterval(() => {
        const bitcoin = (window as unknown as TestWindow).__testWallets?.bitcoin
        if (bitcoin) {
          bitcoin.refuseNext()
          clearInterval(timer)
        }
      }, 0)
    })
    await page.reload()
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    await expect(page.getByTestId('toolkit-solana-status')).toHaveText('connected')
    await expect(page.getByTestId('toolkit-bip122-status')).toHaveText('disconnected')
    await expect(page.getByTestId('toolkit-resync-failures')).toContainText('bip122')
    await expect(page.getByTestId('toolkit-status-history')).toContainText('bip122 connecting')
    // AppKit 1.7.8 warns only when a WalletConnect resync fails; for a browser wallet it is silent, and Paylink says it.
    expect(warnings.filter((w) => w.includes("AppKit couldn't sync existing connection"))).toEqual([])
    expect(warnings.filter((w) => w.startsWith('Paylink: the toolkit could not restore'))).toEqual([
      'Paylink: the toolkit could not restore the bip122 connection on load and marked it disconnected',
    ])

    // Disconnect EVM only: its provider, user, wallet info, account and network state are cleared.
    await page.getByLabel('Namespace for the calls').selectOption('eip155')
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(page.getByTestId('call-disconnect')).toHaveText('OK: disconnected')
    for (const name of [
      'provider',
      'wallet',
      'address',
      'all-accounts',
      'account-type',
      'user',
      'social-provider',
      'smart-account',
      'approved-networks',
    ]) {
      await expect(page.getByTestId(`toolkit-eip155-${name}`)).toHaveText('none')
    }
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('disconnected')
    await expect(page.getByTestId('toolkit-solana-status')).toHaveText('connected')
    await expect(page.getByTestId('toolkit-overall')).toHaveText('connected')

    // The wallet page shows nothing stale for EVM, keeps Solana, and shows Bitcoin as the resync left it.
    await page.getByRole('link', { name: 'Wallet' }).click()
    await expect(page.getByTestId('status-bip122')).toHaveText('disconnected')
    await expect(page.getByTestId('panel-bip122')).toContainText('No Bitcoin wallet connected.')
    await expect(page.getByTestId('panel-eip155')).toContainText('No EVM wallet connected.')
    await expect(page.getByTestId('address-eip155')).toHaveCount(0)
    await expect(page.getByTestId('balances-eip155')).toHaveCount(0)
    await expect(page.getByTestId('status-solana')).toHaveText('connected')
    await page.getByRole('button', { name: 'Disconnect all' }).click()
    await expect(page.getByTestId('overall-status')).toHaveText('disconnected')
    await expect(page.getByTestId('address-solana')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('@appkit/connection_status'))).toBe('disconnected')
  })
})
