import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDevnet, type DevnetBitcoin } from './devnet.js'
import { devWalletBitcoinAddresses } from '@paylink/chains/bip122/devnet/wallet'

const stateDir = mkdtempSync(join(tmpdir(), 'paylink-devnet-bitcoin-'))
afterAll(() => rmSync(stateDir, { recursive: true, force: true }))

const someone = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const esplora = async (bitcoin: DevnetBitcoin, path: string) => {
  const response = await fetch(`${bitcoin.esploraUrl}${path}`)
  expect(response.ok, `${path}: HTTP ${response.status}`).toBe(true)
  return response.text()
}
const funded = async (bitcoin: DevnetBitcoin, address: string) =>
  JSON.parse(await esplora(bitcoin, `/address/${address}`)) as {
    chain_stats: { funded_txo_sum: number; tx_count: number }
  }

describe('startDevnet with a state directory: the Bitcoin chain', () => {
  it('funds the Dev Wallet once, keeps its chain in bitcoin.json across a restart, and a reset makes a new one', async () => {
    const first = await startDevnet({ stateDir, solana: false, bitcoin: { blockIntervalMs: 0 } })
    const bitcoin = first.bitcoin!
    expect(bitcoin).toMatchObject({
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      name: 'Paylink Bitcoin Devnet',
      blockIntervalMs: 0,
    })
    expect(bitcoin.accounts).toEqual(devWalletBitcoinAddresses())
    expect(bitcoin.accounts[0]).toMatch(/^bcrt1q/)
    expect(bitcoin.accounts[1]).toMatch(/^bcrt1p/)
    for (const account of bitcoin.accounts)
      expect((await funded(bitcoin, account)).chain_stats).toEqual(
        expect.objectContaining({ funded_txo_sum: 1_000_000_000, tx_count: 1 }),
      )
    const txid = await bitcoin.faucet(someone, 50_000n)
    const [block] = await bitcoin.mine(1)
    const tip = {
      height: await esplora(bitcoin, '/blocks/tip/height'),
      hash: await esplora(bitcoin, '/blocks/tip/hash'),
    }
    expect(tip.hash).toBe(block)
    await first.stop()
    expect(existsSync(join(stateDir, 'bitcoin.json'))).toBe(true)

    const again = await startDevnet({ stateDir, solana: false, bitcoin: { blockIntervalMs: 0 } })
    const kept = again.bitcoin!
    expect({
      height: await esplora(kept, '/blocks/tip/height'),
      hash: await esplora(kept, '/blocks/tip/hash'),
    }).toEqual(tip)
    expect(JSON.parse(await esplora(kept, `/tx/${txid}/status`))).toMatchObject({ confirmed: true, block_hash: block })
    // Funded at the first start only: no second funding transaction.
    for (const account of kept.accounts) expect((await funded(kept, account)).chain_stats.tx_count).toBe(1)
    await again.stop()

    const reset = await startDevnet({ stateDir, reset: true, solana: false, bitcoin: { blockIntervalMs: 0 } })
    const fresh = reset.bitcoin!
    expect(Number(await esplora(fresh, '/blocks/tip/height'))).toBeLessThan(Number(tip.height))
    expect((await fetch(`${fresh.esploraUrl}/tx/${txid}`)).status).toBe(404)
    for (const account of fresh.accounts)
      expect((await funded(fresh, account)).chain_stats.funded_txo_sum).toBe(1_000_000_000)
    await reset.stop()
  }, 120_000)

  it('mines on its own every blockIntervalMs', async () => {
    const devnet = await startDevnet({ solana: false, bitcoin: { blockIntervalMs: 300 } })
    try {
      const bitcoin = devnet.bitcoin!
      const start = Number(await esplora(bitcoin, '/blocks/tip/height'))
      const deadline = Date.now() + 10_000
      while (Number(await esplora(bitcoin, '/blocks/tip/height')) < start + 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(Number(await esplora(bitcoin, '/blocks/tip/height'))).toBeGreaterThanOrEqual(start + 2)
    } finally {
      await devnet.stop()
    }
  }, 60_000)
})
