// The wallet page's Solana reads and transfers against the demo's real Solana devnet (litesvm).
import type { ChainAsset, ChainNetwork } from '../../chainShapes.js'
import { startSolanaDevnet, type SolanaDevnet } from '../devnet/index.js'
import { devnetSolanaAssets } from '../server/solanaDevnetFaucet.js'
import { devWalletSolanaKey } from '../devnet/wallet/index.js'
import { signAndLand } from '../testing/signAndLand.js'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareSolanaTransfer } from './prepareSolanaTransfer.js'
import { readSolanaBalances } from './readSolanaBalances.js'

let devnet: SolanaDevnet
let network: ChainNetwork
let sol: ChainAsset
let tusd: ChainAsset
const payer = devWalletSolanaKey(0)

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 50, fundAccounts: [payer.address], fundingCommitment: 'confirmed' })
  const caipNetworkId = `solana:${devnet.genesisHash.slice(0, 32)}`
  network = {
    caipNetworkId,
    name: 'Devnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrl: devnet.rpcUrl,
    blockExplorerUrl: null,
    testnet: true,
  }
  ;[sol, tusd] = devnetSolanaAssets({ caipNetworkId, mint: devnet.mint })
}, 60_000)
afterAll(() => devnet?.close())

const signAndSend = (wire: Uint8Array) => signAndLand(devnet.rpcUrl, wire, payer)

/** The payer's transfer of `amount` to `to`, prepared on the devnet: in Test USD when `tusd` is set, else SOL. */
const preparePayerTransfer = (to: string, amount: bigint, { tusd = false } = {}) =>
  prepareSolanaTransfer({
    rpcUrl: devnet.rpcUrl,
    from: payer.address,
    to,
    amount,
    ...(tusd ? { token: { mint: devnet.mint, decimals: 6 } } : {}),
  })

describe('Solana on the wallet page, against the devnet', () => {
  it('reads SOL in lamports and Test USD from the token account, not lamports, and 0 where there is no token account', async () => {
    expect(await readSolanaBalances(network, [sol, tusd], payer.address)).toEqual([100_000_000_000n, 10_000_000_000n])
    expect(await readSolanaBalances(network, [sol, tusd], devWalletSolanaKey(9).address)).toEqual([0n, 0n])
  })

  it('prices a Test USD transfer to a fresh address (fee plus the rent of its new token account) and lands it', async () => {
    const to = devWalletSolanaKey(5).address
    const prepared = await preparePayerTransfer(to, 1_500_000n, { tusd: true })
    expect(prepared.fee).toBe(5000n)
    expect(prepared.rent).toBeGreaterThan(0n)
    const signature = await signAndSend(prepared.transaction)
    expect(base58.decode(signature)).toHaveLength(64)
    expect(await readSolanaBalances(network, [tusd], to)).toEqual([1_500_000n])
    // The account exists now: the next transfer opens nothing.
    const again = await preparePayerTransfer(to, 1n, { tusd: true })
    expect(again.rent).toBe(0n)
  })

  it('prices and lands a SOL transfer', async () => {
    const to = devWalletSolanaKey(6).address
    const prepared = await preparePayerTransfer(to, 250_000_000n)
    expect(prepared).toMatchObject({ fee: 5000n, rent: 0n })
    await signAndSend(prepared.transaction)
    expect(await readSolanaBalances(network, [sol], to)).toEqual([250_000_000n])
  })
})
