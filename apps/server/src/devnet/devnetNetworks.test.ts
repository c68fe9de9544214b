import { assetSchema, publicNetworkSchema } from '@paylink/shared'
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

describe('devnetNetworks', () => {
  it('maps the devnet chains to networks behind the proxy, at origin-relative URLs', () => {
    const { networks, upstreams } = devnetNetworks(devnet)
    expect(networks).toEqual([
      {
        caipNetworkId: 'eip155:31337',
        name: 'Paylink Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: '/devnet/rpc/31337',
        blockExplorerUrl: null,
        testnet: true,
        confirmations: 1,
        depositFactory: true,
      },
      expect.objectContaining({ caipNetworkId: 'eip155:31338', name: 'Paylink Devnet L2', rpcUrl: '/devnet/rpc/31338', depositFactory: true }),
    ])
    for (const network of networks) publicNetworkSchema.parse(network)
    expect(upstreams).toEqual({ 31337: 'http://127.0.0.1:41001', 31338: 'http://127.0.0.1:41002' })
  })

  it('offers native ETH on each chain and Test USD on the first', () => {
    const { assets } = devnetNetworks(devnet)
    expect(assets.map((a) => a.assetId)).toEqual(['eip155:31337/slip44:60', 'eip155:31338/slip44:60', `eip155:31337/erc20:${token}`])
    expect(assets[2]).toEqual({
      assetId: `eip155:31337/erc20:${token}`,
      caipNetworkId: 'eip155:31337',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      native: false,
    })
    for (const asset of assets) assetSchema.parse(asset)
  })
})
