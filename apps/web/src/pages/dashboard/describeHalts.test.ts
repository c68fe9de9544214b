import { describe, expect, it } from 'vitest'
import { describeHalts } from './describeHalts.js'

const networks = [
  {
    caipNetworkId: 'eip155:31337',
    name: 'Paylink Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: '/devnet/rpc/31337',
    blockExplorerUrl: null,
    testnet: true,
    confirmations: 1,
  },
]

describe('describeHalts', () => {
  it('names each halted network and keeps the tracker reason; healthy ones are left out', () => {
    const health = {
      ok: true,
      db: true,
      chains: [
        {
          caipNetworkId: 'eip155:31337',
          head: '12',
          halted: true,
          reason: 'block 0 is 0xabc…, not the 0xdef… recorded',
        },
        { caipNetworkId: 'eip155:31338', head: '3' },
        { caipNetworkId: 'eip155:1', head: null, halted: true, reason: 'chain id 5 answers' },
      ],
    }
    expect(describeHalts(health, networks)).toEqual([
      { caipNetworkId: 'eip155:31337', name: 'Paylink Devnet', reason: 'block 0 is 0xabc…, not the 0xdef… recorded' },
      { caipNetworkId: 'eip155:1', name: 'eip155:1', reason: 'chain id 5 answers' },
    ])
  })

  it('says nothing before health has answered', () => {
    expect(describeHalts(undefined, networks)).toEqual([])
  })
})
