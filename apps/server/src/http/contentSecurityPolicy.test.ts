import { describe, expect, it } from 'vitest'
import {
  buildContentSecurityPolicy,
  reownConnectSources,
  serializeContentSecurityPolicy,
} from './contentSecurityPolicy.js'

describe('buildContentSecurityPolicy', () => {
  it("allows each RPC's origin (not its path or key), Solana's websocket too", () => {
    const csp = buildContentSecurityPolicy({
      projectId: null,
      networks: [
        { caipNetworkId: 'eip155:1', rpcUrl: 'https://eth.example.org/v2/secret-key' },
        { caipNetworkId: 'eip155:10', rpcUrl: 'https://eth.example.org/op' },
        { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', rpcUrl: 'http://127.0.0.1:8899' },
        { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'https://sol.example.org' },
      ],
    })
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://eth.example.org',
      'http://127.0.0.1:8899',
      'ws://127.0.0.1:8900',
      'https://sol.example.org',
      'wss://sol.example.org',
    ])
    expect(csp['frame-src']).toBeUndefined()
  })

  it('opens Reown hosts and its secure iframe only with a project id; upgrades only on https', () => {
    const csp = buildContentSecurityPolicy({ projectId: 'a'.repeat(32), networks: [], upgradeInsecureRequests: true })
    expect(csp['connect-src']).toEqual(["'self'", ...reownConnectSources])
    expect(csp['frame-src']).toEqual(['https://secure.walletconnect.org', 'https://verify.walletconnect.org'])
    expect(serializeContentSecurityPolicy(csp)).toMatch(/; upgrade-insecure-requests$/)
  })
})
