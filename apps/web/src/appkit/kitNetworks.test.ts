import type { PublicConfig } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { kitConfigFor } from './kitNetworks.js'

const network = (caipNetworkId: string) => ({ caipNetworkId, name: caipNetworkId }) as PublicConfig['networks'][number]
const config = {
  networks: [network('eip155:31337'), network('eip155:1'), network('solana:abc'), network('bip122:def')],
} as PublicConfig
const ids = (c: PublicConfig) => c.networks.map((n) => n.caipNetworkId)

describe('kitConfigFor', () => {
  it("keeps only the families of a checkout link's options, and EVM's (wagmi's)", () => {
    expect(ids(kitConfigFor(config, [{ caipNetworkId: 'eip155:31337' }], false))).toEqual(['eip155:31337', 'eip155:1'])
    expect(ids(kitConfigFor(config, [{ caipNetworkId: 'solana:abc' }], false))).toEqual([
      'eip155:31337',
      'eip155:1',
      'solana:abc',
    ])
    expect(
      ids(kitConfigFor(config, [{ caipNetworkId: 'bip122:def' }, { caipNetworkId: 'solana:abc' }], false)),
    ).toEqual(['eip155:31337', 'eip155:1', 'solana:abc', 'bip122:def'])
  })
  it('keeps every network off a checkout, with a saved connection, or when the link names no configured family', () => {
    expect(kitConfigFor(config, null, false)).toBe(config)
    expect(kitConfigFor(config, [{ caipNetworkId: 'eip155:31337' }], true)).toBe(config)
    expect(kitConfigFor(config, [{ caipNetworkId: 'cosmos:hub' }], false)).toBe(config)
  })
})
