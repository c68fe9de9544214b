import { formatAmount } from '@paylink/shared'
import type { Page, Request } from '@playwright/test'
import { createPublicClient, createWalletClient, formatEther, http, parseEther, toHex, type Hex } from 'viem'
import { connectWallet, expect, test } from '../support/fixtures.js'

// anvil's first two default accounts: the test wallet is account 0; account 1 sends from outside the app.
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * A transfer made beside the app: a viem wallet client on the devnet node's JSON-RPC (the
 * server's pass-through to anvil; the node's own port is private to the server process), from an
 * unlocked anvil account. anvil mines it before it answers, so the block exists once this returns.
 */
async function transferFromOutside(
  origin: string,
  chainId: number,
  value: string,
): Promise<{ balance: bigint; minedAt: number }> {
  const rpc = `${origin}/devnet/rpc/${chainId}`
  const wallet = createWalletClient({ transport: http(rpc) })
  const hash = (await wallet.request({
    method: 'eth_sendTransaction',
    params: [{ from: ACCOUNT_1, to: ACCOUNT_0, value: toHex(parseEther(value)) }],
  })) as Hex
  const minedAt = Date.now()
  const client = createPublicClient({ transport: http(rpc) })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return { balance: await client.getBalance({ address: ACCOUNT_0, blockNumber: receipt.blockNumber }), minedAt }
}

const pageRow = (atomic: bigint) =>
  new RegExp(`^Paylink Devnet ETH ${formatAmount(atomic, 18).replace(/\./g, '\\.')} ETH$`)
/** AppKit's own rendering (CoreHelperUtil.formatBalance): three decimals, cut, not rounded. */
const appKitText = (atomic: bigint) => `${Math.floor(Number(formatEther(atomic)) * 1000) / 1000} ETH`

/** JSON-RPC methods the page sends to the devnet proxy, counted from `since`. */
function countRpc(page: Page) {
  const calls: Array<{ at: number; methods: string[] }> = []
  page.on('request', (request: Request) => {
    if (!request.url().includes('/devnet/rpc/') || request.method() !== 'POST') return
    const body = request.postDataJSON() as { method: string } | Array<{ method: string }>
    calls.push({ at: Date.now(), methods: (Array.isArray(body) ? body : [body]).map((c) => c.method) })
  })
  return (method: string, since: number) => calls.filter((c) => c.at >= since && c.methods.includes(method)).length
}

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

test.describe('the wallet follows the chain', () => {
  test('a transfer sent straight to the node shows on the Wallet page and in AppKit within 3 s; no balance polling between blocks; a background tab catches up when shown', async ({
    page,
    baseURL,
  }) => {
    const rpcCalls = countRpc(page)
    await page.goto('/wallet')
    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('status-eip155')).toHaveText('connected')
    const balances = page.getByTestId('balances-eip155')
    await expect(balances.getByRole('row', { name: /^Paylink Devnet ETH [\d.,]+ ETH$/ })).toBeVisible()

    // Between blocks the page asks for the head only, never for balances.
    const quietFrom = Date.now()
    await page.waitForTimeout(3000)
    expect(rpcCalls('eth_blockNumber', quietFrom), 'head polls in 3 s without a block').toBeGreaterThanOrEqual(2)
    expect(rpcCalls('eth_getBalance', quietFrom), 'balance reads in 3 s without a block').toBe(0)

    // AppKit's Account view stays open while the transfer lands.
    await page.locator('appkit-button').click()
    const modal = page.locator('w3m-modal')
    await expect(modal.locator('w3m-account-view')).toBeVisible()

    const { balance: after, minedAt: mined } = await transferFromOutside(baseURL!, 31337, '1.234')
    await expect(balances.getByRole('row', { name: pageRow(after) })).toBeVisible({ timeout: 5000 })
    const onPage = Date.now() - mined
    await expect(modal.getByText(appKitText(after), { exact: true })).toBeVisible({ timeout: 5000 })
    const inAppKit = Date.now() - mined
    console.log(`live-wallet: block -> Wallet page ${onPage} ms, -> AppKit account view ${inAppKit} ms`)
    expect(onPage, 'block -> balance on the Wallet page (ms)').toBeLessThan(3000)
    expect(inAppKit, 'block -> balance in AppKit account view (ms)').toBeLessThan(3000)
    expect(rpcCalls('eth_getBalance', mined), 'balance batches for one block').toBeLessThanOrEqual(2)

    // A background tab does not read for 30 s; shown again it reads at once.
    await page.keyboard.press('Escape')
    await setHidden(page, true)
    await page.waitForTimeout(1200) // the poll already scheduled runs once
    const hiddenFrom = Date.now()
    const { balance: later } = await transferFromOutside(baseURL!, 31337, '0.5')
    await page.waitForTimeout(2500)
    expect(rpcCalls('eth_blockNumber', hiddenFrom), 'head polls while hidden').toBe(0)
    await expect(balances.getByRole('row', { name: pageRow(later) })).toHaveCount(0)
    const shown = Date.now()
    await setHidden(page, false)
    await expect(balances.getByRole('row', { name: pageRow(later) })).toBeVisible({ timeout: 3000 })
    console.log(`live-wallet: shown again -> balance ${Date.now() - shown} ms`)
  })
})
