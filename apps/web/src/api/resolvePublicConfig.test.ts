import type { PublicConfig } from '@paylink/shared'
import { testEvmNetwork as network } from '@paylink/shared/testing/testNetworks'
import { describe, expect, it } from 'vitest'
import { resolvePublicConfig } from './resolvePublicConfig.js'

describe('resolvePublicConfig', () => {
  const config: PublicConfig = {
    projectId: null,
    demo: true,
    networks: [network('eip155:31337', '/devnet/rpc/31337'), network('eip155:8453', 'https://mainnet.base.org/')],
    assets: [],
    receiptEmail: false,
  }

  it('resolves origin-relative RPC URLs against the origin the page was opened at', () => {
    expect(resolvePublicConfig(config, 'http://127.0.0.1:3000').networks.map((n) => n.rpcUrl)).toEqual([
      'http://127.0.0.1:3000/devnet/rpc/31337',
      'https://mainnet.base.org/',
    ])
    expect(resolvePublicConfig(config, 'http://localhost:4000').networks[0]!.rpcUrl).toBe(
      'http://localhost:4000/devnet/rpc/31337',
    )
  })

  it('makes an origin-relative websocket URL ws:// on an http page and wss:// on an https one', () => {
    const withWs = {
      ...config,
      networks: [{ ...network('solana:abc', '/devnet/solana/rpc'), wsUrl: '/devnet/solana/ws' }],
    }
    expect(resolvePublicConfig(withWs, 'http://192.168.1.5:3000').networks[0]).toMatchObject({
      rpcUrl: 'http://192.168.1.5:3000/devnet/solana/rpc',
      wsUrl: 'ws://192.168.1.5:3000/devnet/solana/ws',
    })
    expect(resolvePublicConfig(withWs, 'https://pay.example').networks[0]!.wsUrl).toBe(
      'wss://pay.example/devnet/solana/ws',
    )
  })

  it('returns an all-absolute configuration as it is', () => {
    const absolute = { ...config, networks: [config.networks[1]!] }
    expect(resolvePublicConfig(absolute, 'http://localhost:3000')).toBe(absolute)
  })
})
