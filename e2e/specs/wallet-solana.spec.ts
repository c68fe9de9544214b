import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { APIRequestContext } from '@playwright/test'
import { devWalletSolanaKey } from '@paylink/devnet/wallet'
import { expect, test } from '../support/fixtures.js'
import { solanaTokenAccounts } from '../support/solanaTokenAccounts.js'

// The demo's own Solana chain (litesvm devnet behind /devnet/solana/rpc) and the Dev Wallet's
// Solana account; no injected test wallet, so what connects is what a newcomer gets.
test.use({ testWallets: {} })

const devWallet = devWalletSolanaKey(0).address

/** The Test USD base units `owner` holds, read from the devnet itself (through the server's proxy). */
async function tusdOf(request: APIRequestContext, owner: string, mint: string): Promise<bigint> {
  const accounts = await solanaTokenAccounts(request, owner, mint)
  return accounts.reduce((sum, a) => sum + BigInt(a.tokenAmount.amount), 0n)
}

/** One JSON-RPC call to the devnet, through the server's proxy. */
async function solanaRpc<T>(request: APIRequestContext, method: string, params: unknown[]): Promise<T> {
  const response = await request.post('/devnet/solana/rpc', { data: { jsonrpc: '2.0', id: 1, method, params } })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result as T
}

/** The lamports `owner` holds at confirmed (0 for an account that does not exist). */
async function lamportsOf(request: APIRequestContext, owner: string): Promise<bigint> {
  return BigInt((await solanaRpc<{ value: number }>(request, 'getBalance', [owner, { commitment: 'confirmed' }])).value)
}

test('the Dev Wallet on the Solana devnet: balances, sign, send Test USD with the fee first, send SOL, get test funds', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const config = (await (await request.get('/api/config')).json()) as {
    networks: Array<{ caipNetworkId: string; name: string }>
    assets: Array<{ assetId: string; symbol: string }>
  }
  const network = config.networks.find((n) => n.name === 'Paylink Solana Devnet')
  expect(network, 'the demo offers its Solana devnet').toBeTruthy()
  const tusd = config.assets.find((a) => a.assetId.startsWith(`${network!.caipNetworkId}/token:`))!
  const mint = tusd.assetId.split('/token:')[1]!

  await page.goto('/wallet')
  const panel = page.getByTestId('panel-solana')
  await panel.getByRole('button', { name: 'Connect Solana wallet' }).click()
  await page.locator('w3m-modal').getByText('Paylink Dev Wallet').first().click()
  await expect(page.getByTestId('status-solana')).toHaveText('connected')
  await expect(page.getByTestId('address-solana')).toHaveText(devWallet)
  await expect(page.getByTestId('network-solana')).toContainText('Paylink Solana Devnet')

  const balances = page.getByTestId('balances-solana')
  await expect(balances.getByRole('row', { name: /Paylink Solana Devnet SOL [1-9][\d.,]* SOL/ })).toBeVisible()
  await expect(balances.getByRole('row', { name: /Paylink Solana Devnet TUSD [1-9][\d.,]* TUSD/ })).toBeVisible()

  await panel.getByLabel('Message').fill('Paylink on the Solana devnet')
  await panel.getByRole('button', { name: 'Sign' }).click()
  const signature = (await page.getByTestId('signature-solana').textContent())!
  expect(
    ed25519.verify(
      base58.decode(signature),
      new TextEncoder().encode('Paylink on the Solana devnet'),
      base58.decode(devWallet),
    ),
  ).toBe(true)

  // 1.5 TUSD to an address that has never held any: the fee and the new token account's rent show before sending.
  const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
  await panel.getByLabel('Asset').selectOption({ label: 'TUSD (Test USD)' })
  await panel.getByLabel('Recipient').fill(recipient)
  await panel.getByLabel('Amount (TUSD)').fill('1.5')
  await expect(panel.getByTestId('fee-preview')).toContainText('≈ 0.000005 SOL')
  await expect(panel.getByTestId('rent-preview')).toContainText("to open the recipient's TUSD account")
  await panel.getByRole('button', { name: 'Send TUSD' }).click()
  await expect(page.getByTestId('tx-solana')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { timeout: 30_000 })
  expect(await tusdOf(request, recipient, mint)).toBe(1_500_000n)
  const tusdSignature = (await page.getByTestId('tx-solana').textContent())!

  // 0.25 SOL to an address that has never held any: it receives exactly that, the sender pays it plus the fee shown.
  const solRecipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
  expect(await lamportsOf(request, solRecipient)).toBe(0n)
  const senderBefore = await lamportsOf(request, devWallet)
  await panel.getByLabel('Asset').selectOption({ label: 'SOL (Solana)' })
  await panel.getByLabel('Recipient').fill(solRecipient)
  await panel.getByLabel('Amount (SOL)').fill('0.25')
  await expect(panel.getByTestId('fee-preview')).toContainText('≈ 0.000005 SOL')
  await expect(panel.getByTestId('rent-preview')).toHaveCount(0)
  await panel.getByRole('button', { name: 'Send SOL' }).click()
  // The result line of this send, not the Test USD one before it.
  await expect(page.getByTestId('tx-solana')).not.toHaveText(tusdSignature, { timeout: 30_000 })
  await expect(page.getByTestId('tx-solana')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  const solSignature = (await page.getByTestId('tx-solana').textContent())!
  await expect.poll(() => lamportsOf(request, solRecipient), { timeout: 15_000 }).toBe(250_000_000n)
  const sent = await solanaRpc<{ meta: { fee: number; err: unknown } }>(request, 'getTransaction', [
    solSignature,
    { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
  ])
  expect(sent.meta).toMatchObject({ fee: 5000, err: null })
  expect(senderBefore - (await lamportsOf(request, devWallet))).toBe(250_000_000n + 5000n)

  // Get test funds: 100 TUSD (and 10 SOL) from the devnet's faucet, shown in the balances.
  const before = await tusdOf(request, devWallet, mint)
  await panel.getByRole('button', { name: 'Get test funds' }).click()
  await expect(page.getByTestId('test-funds-solana')).toContainText('100 TUSD', { timeout: 30_000 })
  const after = await tusdOf(request, devWallet, mint)
  expect(after - before).toBe(100_000_000n)
  const shown = `${(after / 1_000_000n).toLocaleString('en-US')}${after % 1_000_000n ? `.${(after % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}` : ''}`
  await expect(
    balances.getByRole('row', { name: new RegExp(`Paylink Solana Devnet TUSD ${shown.replace('.', '\\.')} TUSD`) }),
  ).toBeVisible()

  // The Dev Wallet remembers the site: a reload reconnects its Solana account without asking.
  await page.reload()
  await expect(page.getByTestId('status-solana')).toHaveText('connected')
  await expect(page.getByTestId('address-solana')).toHaveText(devWallet)
})

test('Get test funds on EVM: ETH on both devnet chains and Test USD, from the same faucet', async ({
  page,
  request,
}) => {
  await page.goto('/wallet')
  const panel = page.getByTestId('panel-eip155')
  await panel.getByRole('button', { name: 'Connect EVM wallet' }).click()
  await page.locator('w3m-modal').getByText('Paylink Dev Wallet').first().click()
  await expect(page.getByTestId('status-eip155')).toHaveText('connected')
  const account = (await page.getByTestId('address-eip155').textContent())!
  const ethOnL2 = async () => {
    const response = await request.post('/devnet/rpc/31338', {
      data: { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [account, 'latest'] },
    })
    return BigInt(((await response.json()) as { result: string }).result)
  }
  const before = await ethOnL2()
  await panel.getByRole('button', { name: 'Get test funds' }).click()
  await expect(page.getByTestId('test-funds-eip155')).toHaveText('Sent 10 ETH, 10 ETH, 100 TUSD to this account.', {
    timeout: 30_000,
  })
  expect((await ethOnL2()) - before).toBe(10n * 10n ** 18n)
})
