import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { keepToLoopback, type LoopbackOptions } from './loopback.js'
import { originAt, startOnceMore, type PaylinkServer, type PaylinkServerOptions } from './server.js'
import { BITCOIN_TESTNET, SOLANA_DEVNET, startChainFixtures, type ChainFixtures } from './chainFixtures.js'
import { DEMO_DATA_ENV } from './globalSetup.js'
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.js'
import { buildTestWalletBundle } from '@paylink/devnet/test-wallets/bundle'

export interface TestWalletChoice {
  evm?: boolean
  solana?: boolean
  bitcoin?: boolean
}

interface WorkerFixtures {
  serverOptions: PaylinkServerOptions
  chains: ChainFixtures
  paylink: PaylinkServer
}

interface TestFixtures {
  testWallets: TestWalletChoice
  /** The name the browser reaches the app by (the server answers at both). */
  appHost: 'localhost' | '127.0.0.1'
  loopback: LoopbackOptions
  /** Another browser (a second person: the payer beside the merchant), set up like `context`. */
  newWalletContext: () => Promise<BrowserContext>
  /** The payer opens the checkout of `linkId` (/pay/:id) in another browser (from `newWalletContext`). */
  openCheckoutAsPayer: (linkId: string) => Promise<Page>
  /** The merchant's webhook endpoint for this test (answers 200 until `answerWith`), closed after it. */
  receiver: WebhookReceiver
}

/**
 * For `test.use`: the Bitcoin demo as a newcomer runs it, on its own regtest devnet (Esplora behind
 * /devnet/bitcoin/esplora) with the Paylink Dev Wallet and no injected test wallet. Blocks come only
 * on POST /devnet/mine (BITCOIN_DEVNET_BLOCK_MS=0), so the test says when one comes.
 */
export const bitcoinDemoMinedByHand: Pick<TestFixtures, 'testWallets'> & Pick<WorkerFixtures, 'serverOptions'> = {
  testWallets: {},
  serverOptions: { env: { BITCOIN_DEVNET_BLOCK_MS: '0' } },
}

/**
 * For `test.use`: the server with a Reown project id, as the toolkit's cloud views need one (Reown's hosts
 * fail as everywhere in these tests). One object for every spec that needs it: Playwright gives a worker
 * per distinct `test.use` value, so these specs share one server instead of starting one each.
 */
export const withReownProjectId: Pick<WorkerFixtures, 'serverOptions'> = {
  serverOptions: { env: { REOWN_PROJECT_ID: '0123456789abcdef0123456789abcdef' } },
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverOptions: [{}, { option: true, scope: 'worker' }],
  chains: [
    async ({}, use) => {
      const chains = await startChainFixtures()
      await use(chains)
      await chains.stop()
    },
    { scope: 'worker' },
  ],
  paylink: [
    async ({ serverOptions, chains }, use) => {
      const server = await startOnceMore({
        // The demo's data after its first start, made once for the run (globalSetup.ts).
        dataFrom: process.env[DEMO_DATA_ENV],
        ...serverOptions,
        configFile: {
          networks: [
            {
              caipNetworkId: SOLANA_DEVNET,
              name: 'Solana Devnet',
              nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
              rpcUrl: chains.solana.url,
              blockExplorerUrl: null,
              testnet: true,
              confirmations: 1,
            },
            {
              caipNetworkId: BITCOIN_TESTNET,
              name: 'Bitcoin Testnet',
              nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
              rpcUrl: chains.bitcoin.url,
              blockExplorerUrl: null,
              testnet: true,
              confirmations: 1,
            },
          ],
          ...serverOptions.configFile,
        },
      })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  receiver: async ({}, use) => {
    const receiver = await startWebhookReceiver()
    await use(receiver)
    await receiver.close()
  },
  testWallets: [{ evm: true, solana: true, bitcoin: true }, { option: true }],
  loopback: [{}, { option: true }],
  appHost: ['127.0.0.1', { option: true }],
  baseURL: async ({ paylink, appHost }, use) => use(originAt(paylink.origin, appHost)),
  context: async ({ context, testWallets, loopback, paylink, chains, appHost }, use) => {
    await prepareContext(context, { testWallets, loopback, origin: originAt(paylink.origin, appHost), chains })
    await use(context)
  },
  newWalletContext: async ({ browser, testWallets, loopback, paylink, chains, appHost }, use) => {
    const contexts: BrowserContext[] = []
    const origin = originAt(paylink.origin, appHost)
    await use(async () => {
      const context = await browser.newContext({ baseURL: origin })
      contexts.push(context)
      await prepareContext(context, { testWallets, loopback, origin, chains })
      return context
    })
    await Promise.all(contexts.map((c) => c.close()))
  },
  openCheckoutAsPayer: async ({ newWalletContext }, use) => {
    await use(async (linkId) => {
      const checkout = await (await newWalletContext()).newPage()
      await checkout.goto(`/pay/${linkId}`)
      return checkout
    })
  },
})

/** What every test browser context gets: loopback only, and the test wallets injected. */
async function prepareContext(
  context: BrowserContext,
  {
    testWallets,
    loopback,
    origin,
    chains,
  }: { testWallets: TestWalletChoice; loopback: LoopbackOptions; origin: string; chains: ChainFixtures },
) {
  // The test wallet runs in the page: its RPC must be on the page's own origin (the proxy sends no CORS headers).
  await keepToLoopback(context, loopback)
  const config = {
    evm: testWallets.evm
      ? {
          chains: [
            { chainId: 31337, name: 'Paylink Devnet', rpcUrl: `${origin}/devnet/rpc/31337` },
            { chainId: 31338, name: 'Paylink Devnet L2', rpcUrl: `${origin}/devnet/rpc/31338` },
          ],
        }
      : undefined,
    solana: testWallets.solana ? chains.solanaWallet : undefined,
    bitcoin: testWallets.bitcoin ? chains.bitcoinWallet : undefined,
  }
  await context.addInitScript(`window.__paylinkTestWalletConfig = ${JSON.stringify(config)};`)
  await context.addInitScript(await buildTestWalletBundle())
}

export { expect }

/** Opens AppKit's modal from the header button and returns the modal's root locator. */
export async function openConnectModal(page: Page) {
  await page.locator('appkit-button').click()
  const modal = page.locator('w3m-modal')
  await expect(modal.locator('wui-card')).toBeVisible()
  return modal
}

/** Connects a named wallet through AppKit's Connect view (optionally the "All wallets" list). */
export async function connectWallet(page: Page, walletName: string) {
  const modal = await openConnectModal(page)
  await modal.getByText(walletName, { exact: false }).first().click()
  return modal
}

/**
 * Signs the merchant in on the dashboard with the Paylink Dev Wallet's EVM account: the Dev
 * Wallet is multichain (EVM, Solana, Bitcoin), so AppKit asks which chain first.
 */
export async function signInWithDevWallet(page: Page) {
  await page.goto('/dashboard')
  const modal = await connectWallet(page, 'Paylink Dev Wallet')
  await modal.getByText('EVM Networks').click()
  await modal.locator('w3m-siwx-sign-message-view').getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()
}

/**
 * In an open connect modal: picks the Paylink Dev Wallet on its `chain` account, until `ready` shows
 * on the page. The Dev Wallet is multichain: AppKit 1.7.8 often asks which chain even when opened
 * for one namespace, and sometimes connects the namespace it was opened for at once.
 */
export async function pickDevWalletOn(page: Page, chain: 'EVM Networks' | 'Solana' | 'Bitcoin', ready: Locator) {
  const modal = page.locator('w3m-modal')
  await modal.getByText('Paylink Dev Wallet', { exact: false }).first().click({ timeout: 30_000 })
  const choice = modal.getByText(chain, { exact: true })
  await expect(choice.or(ready).first()).toBeVisible({ timeout: 30_000 })
  if (await choice.isVisible()) await choice.click()
  await expect(ready).toBeVisible({ timeout: 30_000 })
}

/** In an open connect modal: picks the Paylink Dev Wallet on its EVM account, until `ready` shows on the page. */
export async function pickDevWalletEvm(page: Page, ready: Locator) {
  await pickDevWalletOn(page, 'EVM Networks', ready)
}

/**
 * Waits until the wallet page's network switch in `panel` has finished. Paylink asks the wallet
 * first and then AppKit, which asks the wallet once more: the page already shows the new network
 * while that second request is still to come, and a lever pulled then (refuseNext,
 * failSwitchWith) would be spent on it instead of on the next click.
 */
export async function expectSwitchSettled(panel: Locator) {
  await expect(panel.getByText('Waiting for the wallet to switch…')).toBeHidden()
  for (const button of await panel
    .getByRole('group', { name: /networks$/ })
    .getByRole('button')
    .all())
    await expect(button).toBeEnabled()
}

/** On the dashboard: connects the Paylink Test Wallet and signs the sign-in message it is asked for. */
async function signTestWalletIn(page: Page) {
  await page.goto('/dashboard')
  const modal = await connectWallet(page, 'Paylink Test Wallet')
  await modal.locator('w3m-siwx-sign-message-view').getByRole('button', { name: 'Sign', exact: true }).click()
}

/** Signs the merchant in on the dashboard with the Paylink Test Wallet, until GET /api/me answers 200. */
export async function signInWithTestWallet(page: Page) {
  await signTestWalletIn(page)
  await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(200)
}

/** Signs the merchant in on the dashboard with the Paylink Test Wallet, until the dashboard says "Signed in". */
export async function signInOnDashboard(page: Page) {
  await signTestWalletIn(page)
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()
}

/** On the spec diagnostics page: connects `wallet` from the modal opened by `panel`'s Connect button. */
export async function connectFromPanel(page: Page, panel: string, wallet: string) {
  await page
    .getByTestId(`panel-${panel}`)
    .getByRole('button', { name: /^Connect .* wallet$/ })
    .click()
  await page.locator('w3m-modal').getByText(wallet).first().click()
  await expect(page.getByTestId(`status-${panel}`)).toHaveText('connected')
}
