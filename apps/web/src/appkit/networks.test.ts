import { describe, expect, it } from 'vitest'
import { customRpcUrls, toAppKitNetwork } from './networks.js'

const base = {
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorerUrl: null,
  testnet: true,
  confirmations: 1,
}

describe('toAppKitNetwork', () => {
  it('keeps CAIP ids and the configured RPC for each namespace', () => {
    const evm = toAppKitNetwork({
      ...base,
      caipNetworkId: 'eip155:31337',
      name: 'Paylink Devnet',
      rpcUrl: 'http://127.0.0.1:3000/devnet/rpc/31337',
    })
    expect(evm.id).toBe(31337)
    expect(evm.chainNamespace).toBe('eip155')
    expect(evm.caipNetworkId).toBe('eip155:31337')
    expect(evm.rpcUrls.default.http[0]).toBe('http://127.0.0.1:3000/devnet/rpc/31337')
    const sol = toAppKitNetwork({
      ...base,
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Solana Devnet',
      rpcUrl: 'http://127.0.0.1:9/',
    })
    expect(sol.id).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(sol.chainNamespace).toBe('solana')
  })
  it('maps every network to a custom RPC entry', () => {
    const rpc = customRpcUrls([{ ...base, caipNetworkId: 'eip155:1', name: 'x', rpcUrl: 'http://a/' }])
    expect(rpc).toEqual({ 'eip155:1': [{ url: 'http://a/' }] })
  })
})
