import { ed25519 } from '@noble/curves/ed25519'
import type { DevnetFaucet } from '@paylink/chains/server'
import { nativeAssetId, type Asset } from '@paylink/shared'
import { base58 } from '@scure/base'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { devnetSolanaNetworks } from '../devnet/devnetNetworks.js'
import { fundDemoGasKey, generateSolanaKeypair } from './demoGasKey.js'

const solanaNetwork = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
const assets: Asset[] = [
  ...['eip155:31337', 'eip155:31338'].map((caipNetworkId) => ({
    assetId: nativeAssetId(caipNetworkId),
    caipNetworkId,
    symbol: 'ETH',
    name: 'Ether',
    decimals: 18,
    native: true,
  })),
  // SOL and a token, which no gas key needs.
  ...devnetSolanaNetworks({
    caipNetworkId: solanaNetwork,
    name: 'Solana devnet',
    rpcUrl: 'http://127.0.0.1:1',
    wsUrl: 'ws://127.0.0.1:1',
    mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
  }).assets,
]

/** A faucet per family that records what it is asked to send. */
function recordingFaucets() {
  const sent: Array<{ asset: string; address: string; amount: bigint }> = []
  const faucet = (namespace: string): DevnetFaucet => ({
    namespace,
    assets: assets.filter((asset) => asset.caipNetworkId.startsWith(`${namespace}:`)),
    isAddress: () => true,
    send: async ({ asset, address, amount }) => {
      sent.push({ asset: asset.assetId, address, amount })
      return 'tx'
    },
  })
  return { sent, faucets: [faucet('eip155'), faucet('solana')] }
}

describe("the demo's x402 gas keys", () => {
  it('a new Solana keypair is its secret key, then that key’s public key', () => {
    const keypair = generateSolanaKeypair()
    expect(keypair).toHaveLength(64)
    expect(ed25519.getPublicKey(keypair.subarray(0, 32))).toEqual(keypair.subarray(32))
    expect(generateSolanaKeypair()).not.toEqual(keypair)
  })

  it('get 10 ETH on each EVM chain and 10 SOL on Solana, no token, from the devnet faucet', async () => {
    const evmKey = generatePrivateKey()
    const solanaKey = generateSolanaKeypair()
    const { sent, faucets } = recordingFaucets()
    await fundDemoGasKey({ evmPrivateKey: evmKey, solanaSecretKey: solanaKey }, faucets, assets)
    const evm = privateKeyToAccount(evmKey).address
    expect(sent).toEqual([
      { asset: 'eip155:31337/slip44:60', address: evm, amount: 10n * 10n ** 18n },
      { asset: 'eip155:31338/slip44:60', address: evm, amount: 10n * 10n ** 18n },
      { asset: `${solanaNetwork}/slip44:501`, address: base58.encode(solanaKey.subarray(32)), amount: 10n * 10n ** 9n },
    ])
  })

  it('fund only the keys the demo made (a configured one is the operator’s to fund)', async () => {
    const { sent, faucets } = recordingFaucets()
    await fundDemoGasKey({ evmPrivateKey: null, solanaSecretKey: generateSolanaKeypair() }, faucets, assets)
    expect(sent.map(({ asset }) => asset)).toEqual([`${solanaNetwork}/slip44:501`])
  })
})
