import { assetSchema, publicNetworkSchema } from '@paylink/shared'
import { devnetNetwork } from '@paylink/shared/testing/testNetworks'
import { describe, expect, it } from 'vitest'
import { devnetNetworks } from './devnetNetworks.js'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const devnet = {
  chains: [
    { chainId: 31337, name: 'Paylink Devnet', rpcUrl: 'http://127.0.0.1:41001' },
    { chainId: 31338, name: 'Paylink Devnet L2', rpcUrl: 'http://127.0.0.1:41002' },
  ],
  token: { chainId: 31337, address: token, symbol: 'TUSD', name: 'Test USD', decimals: 6 },
}

/**
 * What devnetNetworks gives for one family's devnet beside the EVM ones: its network, its assets
 * and its upstream; the network and the assets checked against the public schemas the API serves.
 */
function added(extra: Omit<Parameters<typeof devnetNetworks>[0], keyof typeof devnet>, caipNetworkId: string) {
  const { networks, assets, upstreams } = devnetNetworks({ ...devnet, ...extra })
  const network = publicNetworkSchema.parse(networks.find((n) => n.caipNetworkId === caipNetworkId))
  return {
    network,
    assets: assets.filter((a) => a.caipNetworkId === caipNetworkId).map((asset) => assetSchema.parse(asset)),
    /** The asset a devnet's coin is: named as the network's native currency. */
    nativeAsset: (slip44: number) => ({
      assetId: `${caipNetworkId}/slip44:${slip44}`,
      caipNetworkId,
      ...network.nativeCurrency,
      native: true,
    }),
    upstream: upstreams[caipNetworkId],
  }
}

describe('devnetNetworks', () => {
  it('maps the devnet chains to networks behind the proxy, at origin-relative URLs', () => {
    const { networks, upstreams } = devnetNetworks(devnet)
    expect(networks).toEqual([
      { ...devnetNetwork, depositFactory: true },
      expect.objectContaining({
        caipNetworkId: 'eip155:31338',
        name: 'Paylink Devnet L2',
        rpcUrl: '/devnet/rpc/31338',
        depositFactory: true,
      }),
    ])
    for (const network of networks) publicNetworkSchema.parse(network)
    expect(upstreams).toEqual({
      'eip155:31337': { rpcUrl: 'http://127.0.0.1:41001' },
      'eip155:31338': { rpcUrl: 'http://127.0.0.1:41002' },
    })
  })

  it('offers native ETH on each chain and Test USD on the first', () => {
    const { assets } = devnetNetworks(devnet)
    expect(assets.map((a) => a.assetId)).toEqual([
      'eip155:31337/slip44:60',
      'eip155:31338/slip44:60',
      `eip155:31337/erc20:${token}`,
    ])
    expect(assets[2]).toEqual({
      assetId: `eip155:31337/erc20:${token}`,
      caipNetworkId: 'eip155:31337',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      native: false,
      peggedTo: 'USD',
      eip712: { name: 'Test USD', version: '1' },
    })
    for (const asset of assets) assetSchema.parse(asset)
  })

  it('adds the Solana devnet behind /devnet/solana/rpc and /devnet/solana/ws, with SOL and Test USD, credited once finalized', () => {
    const mint = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
    const solana = {
      caipNetworkId: 'solana:5KZ8p3V1tG3uBfz7X2h3GhQ9nP6yYv8A',
      name: 'Paylink Solana Devnet',
      rpcUrl: 'http://127.0.0.1:41003',
      wsUrl: 'ws://127.0.0.1:41003',
      mint,
      finalizeDepth: 8,
      faucet: async () => 'sig',
    }
    const { network, assets: solanaAssets, nativeAsset, upstream } = added({ solana }, solana.caipNetworkId)
    expect(network).toEqual({
      caipNetworkId: solana.caipNetworkId,
      name: 'Paylink Solana Devnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: '/devnet/solana/rpc',
      wsUrl: '/devnet/solana/ws',
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 1,
    })
    expect(solanaAssets).toEqual([
      nativeAsset(501),
      {
        assetId: `${solana.caipNetworkId}/token:${mint}`,
        caipNetworkId: solana.caipNetworkId,
        symbol: 'TUSD',
        name: 'Test USD',
        decimals: 6,
        native: false,
        peggedTo: 'USD',
      },
    ])
    expect(upstream).toEqual({ rpcUrl: 'http://127.0.0.1:41003', wsUrl: 'ws://127.0.0.1:41003' })
  })

  it('adds the Bitcoin devnet behind /devnet/bitcoin/esplora, with BTC, counted at 1 confirmation', () => {
    const bitcoin = {
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      name: 'Paylink Bitcoin Devnet',
      esploraUrl: 'http://127.0.0.1:41004',
      faucet: async () => 'txid',
      mine: async () => [],
    }
    const { network, assets, nativeAsset, upstream } = added({ bitcoin }, bitcoin.caipNetworkId)
    expect(network).toEqual({
      caipNetworkId: bitcoin.caipNetworkId,
      name: 'Paylink Bitcoin Devnet',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrl: '/devnet/bitcoin/esplora',
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 1,
    })
    expect(assets).toEqual([nativeAsset(0)])
    expect(upstream).toEqual({ rpcUrl: 'http://127.0.0.1:41004' })
  })
})
