import type { Page } from '@playwright/test'
import { routePageToRelay, walletConnectUri } from '../support/relay/pageRelay.js'
import { startRelayStandIn, type RelayStandIn } from '../support/relay/relayStandIn.js'
import { startSignClientWallet, type SignClientWallet } from '../support/relay/signClientWallet.js'
import { expect, openConnectModal, test, withReownProjectId } from '../support/fixtures.js'

test.use(withReownProjectId)

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** On the wallet page, the EVM panel's Connect button pressed: the panel, and the pairing URI the toolkit offers. */
async function walletPageUri(page: Page) {
  await page.goto('/wallet')
  const panel = page.getByTestId('panel-eip155')
  await panel.getByRole('button', { name: /^Connect .* wallet$/ }).click()
  return { panel, uri: await walletConnectUri(page) }
}

test.describe('spec §3, §4, §7: a WalletConnect session through a relay stand-in', () => {
  let relay: RelayStandIn
  let wallet: SignClientWallet
  test.beforeEach(async ({ page }) => {
    relay = await startRelayStandIn()
    wallet = await startSignClientWallet(relay.url)
    // The page's relay socket (wss://relay.walletconnect.org) is answered by the stand-in.
    await routePageToRelay(page, relay)
  })
  test.afterEach(async () => {
    await wallet?.close()
    await relay?.close()
  })

  test('a switch to a chain the session did not approve fails: the sign client refuses the switch request the session does not allow', async ({
    page,
  }) => {
    await page.goto('/wallet')
    await page
      .getByTestId('panel-eip155')
      .getByRole('button', { name: /^Connect .* wallet$/ })
      .click()
    const uri = await walletConnectUri(page)
    await wallet.pairAndApprove(uri, [`eip155:31337:${ACCOUNT}`], { methods: ['personal_sign', 'eth_sendTransaction'] })
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
    await page.getByTestId('panel-eip155').getByRole('button', { name: 'Paylink Devnet L2' }).click()
    // Paylink passes no universalProviderConfigOverride, so AppKit proposes its default methods, which include
    // wallet_switchEthereumChain; the provider checks the proposed methods merged with the approved ones, so it
    // asks the wallet, and the sign client refuses the request the session does not allow. The chain stays the
    // approved one. (With an override lacking the method the provider refuses itself: switchToUnapprovedChain.test.ts.)
    await expect(page.getByTestId('switch-error-eip155')).toHaveText(
      'Could not switch network: Missing or invalid. request() method: wallet_switchEthereumChain',
    )
    await expect(page.getByTestId('network-eip155')).toContainText('eip155:31337')
  })

  test('on the wallet page, the wallet deleting the session leaves the EVM panel disconnected, in Paylink’s words', async ({
    page,
  }) => {
    const { panel, uri } = await walletPageUri(page)
    const topic = await wallet.pairAndApprove(uri, [`eip155:31337:${ACCOUNT}`])
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
    await expect(page.getByTestId('address-eip155')).toHaveText(ACCOUNT)

    // The wallet ends the session (session_delete): the panel says so, and offers to connect again.
    await wallet.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect(page.getByTestId('status-eip155')).toHaveText('disconnected')
    await expect(panel.getByText('No EVM wallet connected.')).toBeVisible()
    await expect(page.getByTestId('address-eip155')).toHaveCount(0)
    await expect(panel.getByRole('button', { name: 'Connect EVM wallet' })).toBeVisible()
  })

  test('on the wallet page, the wallet rejecting the session proposal: Paylink says the payer declined, and nothing connects', async ({
    page,
  }) => {
    const { panel, uri } = await walletPageUri(page)
    await wallet.pairAndReject(uri)
    // The modal goes back to its Connect view (the toolkit's snackbar with the reason closes after 2.5 s);
    // the page says why nothing connected, and stays disconnected.
    const modal = page.locator('w3m-modal')
    await expect(modal.locator('w3m-connect-view')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('connect-error')).toHaveText(
      'Could not connect: You declined the request in your wallet.',
    )
    await expect(page.getByTestId('status-eip155')).toHaveText('disconnected')
    await expect(panel.getByText('No EVM wallet connected.')).toBeVisible()
    expect(wallet.client.session.getAll()).toEqual([])
  })

  test('a wallet pairs over the relay; the session is created, updated and deleted, and the toolkit shows each', async ({
    page,
  }) => {
    await page.goto('/toolkit')
    const modal = await openConnectModal(page)
    await modal.getByText('WalletConnect').first().click()
    await expect(page.getByTestId('toolkit-view')).toHaveText('ConnectingWalletConnect')
    const uri = await expect
      .poll(() => modal.locator('wui-qr-code').evaluate((el) => (el as HTMLElement & { uri?: string }).uri ?? ''), {
        timeout: 20_000,
      })
      .toMatch(/^wc:/)
      .then(() => modal.locator('wui-qr-code').evaluate((el) => (el as HTMLElement & { uri: string }).uri))

    const topic = await wallet.pairAndApprove(uri, [`eip155:31337:${ACCOUNT}`])
    const session = page.getByTestId('toolkit-wc-session')
    await expect(session).toHaveText(`topic ${topic}; namespaces eip155; accounts eip155:31337:${ACCOUNT}`)
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    expect(relay.methods).toEqual(expect.arrayContaining(['irn_subscribe', 'irn_publish']))

    // The wallet updates the session: a second chain's account.
    const approved = wallet.client.session.get(topic).namespaces.eip155!
    const accounts = [`eip155:31337:${ACCOUNT}`, `eip155:31338:${ACCOUNT}`]
    const { acknowledged } = await wallet.client.update({
      topic,
      namespaces: { eip155: { ...approved, accounts, chains: ['eip155:31337', 'eip155:31338'] } },
    })
    await acknowledged()
    await expect(session).toHaveText(`topic ${topic}; namespaces eip155; accounts ${accounts.join(', ')}`)

    // The wallet deletes the session: the toolkit has none and the chain is disconnected.
    await wallet.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect(session).toHaveText('none')
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('disconnected')
  })
})
