import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '@reown/appkit-common'
import { networkFields } from './networkFields.js'

describe('networkFields', () => {
  it('lists every field of the network entity', () => {
    const network = {
      id: 31337,
      name: 'Paylink Devnet',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://a/'] }, chainDefault: { http: ['http://a/'] } },
      blockExplorers: undefined,
      testnet: true,
    } as unknown as CaipNetwork
    expect(Object.fromEntries(networkFields(network).map(([k, , v]) => [k, v]))).toEqual({
      id: '31337',
      name: 'Paylink Devnet',
      'chain-namespace': 'eip155',
      'caip-network-id': 'eip155:31337',
      'native-currency': 'Ether (ETH, 18 decimals)',
      'rpc-urls': 'http://a/',
      'block-explorers': 'none',
      testnet: 'yes',
    })
    expect(networkFields(undefined)).toEqual([])
  })
})
