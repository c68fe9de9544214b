import type { Page, Request } from '@playwright/test'
import { routePageToRelay, walletConnectUri } from '../support/relay/pageRelay.js'
import { startRelayStandIn, type RelayStandIn } from '../support/relay/relayStandIn.js'
import { startSignClientWallet, type SignClientWallet } from '../support/relay/signClientWallet.js'
import { startVerifyStandIn, type VerifyStandIn } from '../support/relay/verifyStandIn.js'
import { expect, openConnectModal, test, withReownProjectId } from '../support/fixtures.js'

test.use(withReownProjectId)

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const UNISSUED_CALLS_ID = `0x${'00'.repeat(32)}`
/** What the stand-in wallet answers to wallet_getCallsStatus when the provider asks it. */
const WALLET_CALLS_STATUS = {
  version: '2.0.0',
  id: UNISSUED_CALLS_ID,
  chainId: '0x7a69',
  status: 200,
  atomic: true,
  receipts: [],
}
/** Reown's bundler route, which the universal provider builds from the session's `bundler_name`. */
const BUNDLER = /^https:\/\/rpc\.walletconnect\.org\/v1\/bundler\?/

let relay: RelayStandIn
let verify: VerifyStandIn
let wallet: SignClientWallet

test.beforeEach(async ({ page }) => {
  relay = await startRelayStandIn()
  verify = await startVerifyStandIn()
  wallet = await startSignClientWallet(relay.url, {
    verifyUrlV3: verify.urlV3,
    answers: { wallet_getCallsStatus: WALLET_CALLS_STATUS },
  })
  // The page's relay socket (wss://relay.walletconnect.org) is answered by the stand-in.
  await routePageToRelay(page, relay)
})
test.afterEach(async () => {
  await wallet?.close()
  await relay?.close()
  await verify?.close()
})

/** Header Connect › WalletConnect on the operator page; the `wc:` URI the QR code carries. */
async function toolkitWalletConnectUri(page: Page) {
  await page.goto('/toolkit')
  await openConnectModal(page)
  return walletConnectUri(page)
}

async function runCall(page: Page, namespace: string) {
  await page.getByLabel('Namespace for the calls').selectOption(namespace)
  await page.getByRole('button', { name: 'Calls status (WalletConnect)' }).click()
  const outcome = page.getByTestId('call-calls-status')
  await expect(outcome).not.toHaveText(/^(running…)?$/)
  return outcome
}

test.describe('spec §7: WalletConnect Verify through a Verify stand-in', () => {
  // WalletConnect's core starts, waits on the attestation frame and pairs over two sockets: slow on a shared machine.
  test.slow()
  test('before proposing a session the page’s core asks Verify to attest its origin, in the frame Paylink’s CSP lets in; the wallet sees the origin as VALID', async ({
    page,
    baseURL,
  }) => {
    await verify.answerPage(page)
    const uri = await toolkitWalletConnectUri(page)
    // The attestation frame loads before the proposal is published, so before the URI is shown.
    expect(verify.registrations).toEqual([
      { origin: new URL(baseURL!).origin, id: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ])
    await wallet.pairAndApprove(uri, [`eip155:31337:${ACCOUNT}`])
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    // The wallet's core checked the attestation with Verify's key: the site's origin is VALID.
    expect(wallet.verified()).toEqual({
      verifyUrl: 'https://verify.walletconnect.org',
      validation: 'VALID',
      origin: new URL(baseURL!).origin,
      isScam: false,
    })
    expect(verify.publicKeyFetches()).toBeGreaterThanOrEqual(1)
  })

  test('an attestation of another origin than the one the proposal names makes the wallet see the site as INVALID', async ({
    page,
    baseURL,
  }) => {
    await verify.answerPage(page, { attestOrigin: () => 'https://pay1ink.example' })
    const uri = await toolkitWalletConnectUri(page)
    expect(verify.registrations).toEqual([
      { origin: new URL(baseURL!).origin, id: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ])
    await wallet.pairAndApprove(uri, [`eip155:31337:${ACCOUNT}`])
    // The wallet shows the origin Verify attested, flagged INVALID: it is not the site the proposal's metadata names.
    expect(wallet.verified()).toEqual({
      verifyUrl: 'https://verify.walletconnect.org',
      validation: 'INVALID',
      origin: 'https://pay1ink.example',
      isScam: false,
    })
  })
})

test.describe('spec §7 and §8: the bundler and the namespaces of a WalletConnect session', () => {
  // A session, then three calls through the relay: slow on a shared machine.
  test.slow()
  test('wallet_getCallsStatus asks the session’s bundler for the receipt; when the bundler fails it says so and asks the wallet; a namespace the session lacks is "not configured"', async ({
    page,
  }) => {
    const bundlerCalls: { url: string; body: unknown }[] = []
    let bundlerStatus = 200
    const receipt = {
      jsonrpc: '2.0',
      id: 1,
      result: { userOpHash: UNISSUED_CALLS_ID, success: true, receipt: { status: '0x1' } },
    }
    await page.route(BUNDLER, async (route) => {
      const request: Request = route.request()
      if (request.method() === 'OPTIONS') {
        return route.fulfill({
          status: 204,
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'content-type',
            'access-control-allow-methods': 'POST',
          },
        })
      }
      bundlerCalls.push({ url: request.url(), body: request.postDataJSON() })
      return route.fulfill({
        status: bundlerStatus,
        json: bundlerStatus === 200 ? receipt : { error: 'stand-in bundler down' },
        headers: { 'access-control-allow-origin': '*' },
      })
    })
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })

    const uri = await toolkitWalletConnectUri(page)
    // The wallet opens the session on eip155 only and names its bundler, as a smart-account wallet does.
    await wallet.pairAndApprove(uri, [`eip155:31337:${ACCOUNT}`], { sessionProperties: { bundler_name: 'pimlico' } })
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')
    await page.keyboard.press('Escape')

    // 7.9: the provider POSTs eth_getUserOperationReceipt to the bundler the session names; the wallet is not asked.
    await expect(await runCall(page, 'eip155')).toHaveText(`OK: ${JSON.stringify(receipt)}`)
    expect(bundlerCalls).toHaveLength(1)
    const asked = new URL(bundlerCalls[0]!.url).searchParams
    expect([asked.get('bundler'), asked.get('chainId'), asked.get('projectId')]).toEqual([
      'pimlico',
      'eip155:31337',
      '0123456789abcdef0123456789abcdef',
    ])
    expect(bundlerCalls[0]!.body).toEqual(
      expect.objectContaining({ method: 'eth_getUserOperationReceipt', params: [UNISSUED_CALLS_ID] }),
    )
    expect(wallet.requests.map((r) => r.method)).not.toContain('wallet_getCallsStatus')

    // 8.12: the bundler answers 500: the provider reports the failed receipt fetch, then asks the wallet.
    bundlerStatus = 500
    await expect(await runCall(page, 'eip155')).toHaveText(`OK: ${JSON.stringify(WALLET_CALLS_STATUS)}`)
    expect(bundlerCalls).toHaveLength(2)
    expect(warnings.join('\n')).toContain('Failed to fetch user operation receipt - 500')
    expect(wallet.requests).toEqual([
      expect.objectContaining({
        method: 'wallet_getCallsStatus',
        chainId: 'eip155:31337',
        params: [UNISSUED_CALLS_ID],
      }),
    ])

    // 8.9: the same request on solana, which the session was not opened with: the provider refuses it itself.
    await expect(await runCall(page, 'solana')).toHaveText(
      "Error: Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    )
    expect(wallet.requests).toHaveLength(1)
    expect(bundlerCalls).toHaveLength(2)
  })
})
