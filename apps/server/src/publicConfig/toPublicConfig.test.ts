import { publicConfigSchema } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { toPublicConfig } from './toPublicConfig.js'
import { testNetwork } from '../testing/offlineApp.js'

describe('toPublicConfig', () => {
  it("hands out the app's own endpoints origin-relative, other RPCs as configured", () => {
    const config = toPublicConfig({
      projectId: null,
      demo: true,
      networks: [
        testNetwork('eip155:31337', '/devnet/rpc/31337'),
        testNetwork('eip155:31338', 'http://127.0.0.1:3000/devnet/rpc/31338'),
        testNetwork('eip155:8453', 'https://mainnet.base.org'),
        testNetwork('eip155:1', 'http://127.0.0.1:3001/rpc'),
      ],
      assets: [],
      publicOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    })
    expect(config.networks.map((n) => n.rpcUrl)).toEqual([
      '/devnet/rpc/31337',
      '/devnet/rpc/31338',
      'https://mainnet.base.org',
      'http://127.0.0.1:3001/rpc',
    ])
    expect(() => publicConfigSchema.parse(config)).not.toThrow()
  })

  it("hands out the Solana devnet's websocket origin-relative too, a configured one as it is", () => {
    const config = toPublicConfig({
      projectId: null,
      demo: true,
      networks: [
        { ...testNetwork('solana:devnet', '/devnet/solana/rpc'), wsUrl: '/devnet/solana/ws' },
        { ...testNetwork('solana:main', 'https://rpc.example'), wsUrl: 'wss://rpc.example/ws' },
      ],
      assets: [],
      publicOrigins: ['http://localhost:3000'],
    })
    expect(config.networks.map((n) => n.wsUrl)).toEqual(['/devnet/solana/ws', 'wss://rpc.example/ws'])
    expect(() => publicConfigSchema.parse(config)).not.toThrow()
  })

  it('the public schema takes a path but not a protocol-relative or made-up URL', () => {
    const parse = (rpcUrl: string) =>
      publicConfigSchema.safeParse({
        projectId: null,
        demo: true,
        networks: [testNetwork('eip155:1', rpcUrl)],
        assets: [],
        receiptEmail: false,
      }).success
    expect(parse('/devnet/rpc/1')).toBe(true)
    expect(parse('//evil.example/rpc')).toBe(false)
    expect(parse('/\\evil.example')).toBe(false)
    expect(parse('devnet/rpc/1')).toBe(false)
  })
})
