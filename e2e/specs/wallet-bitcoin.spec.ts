import { secp256k1 } from '@noble/curves/secp256k1'
import type { APIRequestContext } from '@playwright/test'
import { devWalletBitcoinAddresses } from '@paylink/devnet/wallet/bitcoin'
import { formatUnits } from '@paylink/shared'
import { p2wpkh } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { bitcoinDemoMinedByHand, expect, test } from '../support/fixtures.js'

// The demo's own Bitcoin chain (the regtest devnet behind /devnet/bitcoin/esplora) and the Dev
// Wallet's Bitcoin account; no injected test wallet, so what connects is what a newcomer gets.
test.use(bitcoinDemoMinedByHand)

const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const [payment, ordinals] = devWalletBitcoinAddresses() as [string, string]
const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** Confirmed and mempool sats of `address`, read from the devnet's Esplora through the server's proxy. */
async function satsOf(request: APIRequestContext, address: string): Promise<{ confirmed: bigint; mempool: bigint }> {
  const response = await request.get(`/devnet/bitcoin/esplora/address/${address}`)
  expect(response.ok()).toBe(true)
  const { chain_stats: c, mempool_stats: m } = (await response.json()) as Record<
    'chain_stats' | 'mempool_stats',
    { funded_txo_sum: number; spent_txo_sum: number }
  >
  return { confirmed: BigInt(c.funded_txo_sum - c.spent_txo_sum), mempool: BigInt(m.funded_txo_sum - m.spent_txo_sum) }
}

test('the Dev Wallet on the Bitcoin devnet: balance, BIP-322 sign, send BTC as a PSBT the wallet signs and the page broadcasts, the fee shown first and paid exactly, mined by POST /devnet/mine', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const config = (await (await request.get('/api/config')).json()) as {
    networks: Array<{ caipNetworkId: string; name: string; rpcUrl: string; confirmations: number }>
  }
  expect(
    config.networks.find((n) => n.caipNetworkId === regtest),
    'the demo offers its Bitcoin devnet',
  ).toMatchObject({
    name: 'Paylink Bitcoin Devnet',
    rpcUrl: '/devnet/bitcoin/esplora',
    confirmations: 1,
  })

  await page.goto('/wallet')
  const panel = page.getByTestId('panel-bip122')
  await panel.getByRole('button', { name: 'Connect Bitcoin wallet' }).click()
  await page.locator('w3m-modal').getByText('Paylink Dev Wallet').first().click()
  await expect(page.getByTestId('status-bip122')).toHaveText('connected', { timeout: 30_000 })
  await expect(page.getByTestId('address-bip122')).toHaveText(payment)
  await expect(page.getByTestId('accounts-bip122')).toContainText(ordinals)
  await expect(page.getByTestId('network-bip122')).toContainText('Paylink Bitcoin Devnet')

  // The balance is read from the devnet's Esplora (funded with 10 BTC at its first start).
  const balances = page.getByTestId('balances-bip122')
  await expect(balances.getByRole('row', { name: /Paylink Bitcoin Devnet BTC [1-9][\d.,]* BTC/ })).toBeVisible({
    timeout: 30_000,
  })

  await panel.getByLabel('Message').fill('Paylink on the Bitcoin devnet')
  await panel.getByRole('button', { name: 'Sign' }).click()
  const signature = (await page.getByTestId('signature-bip122').textContent())!
  expect(
    Verifier.verifySignature(payment, 'Paylink on the Bitcoin devnet', signature),
    'a BIP-322 signature of the payment address',
  ).toBe(true)

  // 0.001 BTC to a fresh address: the fee (3 sat/vB x 153 vB) shows before the wallet is asked,
  // exact, since the page plans the coins and the wallet signs a PSBT of that plan.
  const recipient = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), REGTEST).address!
  expect(await satsOf(request, recipient)).toEqual({ confirmed: 0n, mempool: 0n })
  const before = await satsOf(request, payment)
  await panel.getByLabel('Recipient').fill(recipient)
  await panel.getByLabel('Amount (BTC)').fill('0.001')
  await expect(panel.getByTestId('fee-preview')).toContainText(
    '0.00000459 BTC (459 sat, exactly what the transaction pays)',
  )
  const shownFee = BigInt(/\((\d+) sat,/.exec((await panel.getByTestId('fee-preview').textContent())!)![1]!)
  // Which sats-connect methods the page asks the Dev Wallet for (AppKit's connector reads the
  // provider from window.PaylinkDevWallet.BitcoinProvider on every request).
  await page.evaluate(() => {
    const w = window as unknown as {
      PaylinkDevWallet: { BitcoinProvider: { request: (m: string, p?: unknown) => Promise<unknown> } }
      bitcoinWalletAsked: string[]
    }
    const provider = w.PaylinkDevWallet.BitcoinProvider
    const request = provider.request
    w.bitcoinWalletAsked = []
    provider.request = (method, params) => {
      w.bitcoinWalletAsked.push(method)
      return request(method, params)
    }
  })
  const broadcast = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/devnet/bitcoin/esplora/tx',
  )
  await panel.getByRole('button', { name: 'Send BTC' }).click()
  const txid = (await page.getByTestId('tx-bip122').textContent({ timeout: 30_000 }))!
  expect(txid).toMatch(/^[0-9a-f]{64}$/)
  // The PSBT path: the wallet signed (signPsbt, not sendTransfer, no broadcast of its own) and the
  // page broadcast the transaction itself, origin-relative through the devnet's Esplora proxy.
  expect(await page.evaluate(() => (window as unknown as { bitcoinWalletAsked: string[] }).bitcoinWalletAsked)).toEqual(
    ['signPsbt'],
  )
  const posted = await broadcast
  expect(posted.status()).toBe(200)
  expect((await posted.text()).trim()).toBe(txid)
  // On chain, the inputs less the outputs is the fee shown.
  const tx = (await (await request.get(`/devnet/bitcoin/esplora/tx/${txid}`)).json()) as {
    vin: { prevout: { value: number } }[]
    vout: { value: number }[]
  }
  const fee =
    tx.vin.reduce((sum, i) => sum + BigInt(i.prevout.value), 0n) - tx.vout.reduce((sum, o) => sum + BigInt(o.value), 0n)
  expect(fee, 'the fee paid is the fee shown').toBe(shownFee)
  const inMempool = await satsOf(request, recipient)
  expect(inMempool).toEqual({ confirmed: 0n, mempool: 100_000n })

  const mined = await request.post('/devnet/mine', { data: { caipNetworkId: regtest, blocks: 1 } })
  expect(mined.status()).toBe(200)
  const { blockHashes } = (await mined.json()) as { blockHashes: string[] }
  expect(
    ((await (await request.get(`/devnet/bitcoin/esplora/tx/${txid}/status`)).json()) as { block_hash: string })
      .block_hash,
  ).toBe(blockHashes[0])
  expect(await satsOf(request, recipient)).toEqual({ confirmed: 100_000n, mempool: 0n })
  // The sender paid the amount and the fee shown, no more.
  const after = await satsOf(request, payment)
  expect(before.confirmed + before.mempool - (after.confirmed + after.mempool)).toBe(100_000n + shownFee)
  const shown = formatUnits(after.confirmed + after.mempool, 8)
  await expect(balances.getByRole('row', { name: `Paylink Bitcoin Devnet BTC ${shown} BTC` })).toBeVisible({
    timeout: 15_000,
  })

  // Get test funds covers BTC: 10 BTC from the devnet's faucet.
  await panel.getByRole('button', { name: 'Get test funds' }).click()
  await expect(page.getByTestId('test-funds-bip122')).toContainText('10 BTC', { timeout: 30_000 })
  const funded = await satsOf(request, payment)
  expect(funded.confirmed + funded.mempool - (after.confirmed + after.mempool)).toBe(1_000_000_000n)
})
