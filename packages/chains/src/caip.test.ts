import { describe, expect, it } from 'vitest'
import { caipAssetIdSchema, caipNetworkIdSchema, parseCaipAssetId } from './caip.js'
import { nativeAssetId } from './facts.js'

describe('CAIP helpers', () => {
  it('parses CAIP-19 ids and derives native asset ids per namespace', () => {
    expect(parseCaipAssetId('eip155:31337/erc20:0xabc')).toEqual({
      caipNetworkId: 'eip155:31337',
      assetNamespace: 'erc20',
      assetReference: '0xabc',
    })
    expect(nativeAssetId('eip155:1')).toBe('eip155:1/slip44:60')
    expect(nativeAssetId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatch(/slip44:501$/)
    expect(nativeAssetId('bip122:000000000019d6689c085ae165831e93')).toMatch(/slip44:0$/)
  })
  it('rejects ids that are not CAIP', () => {
    expect(caipNetworkIdSchema.safeParse('eip155').success).toBe(false)
    expect(caipNetworkIdSchema.safeParse('EIP155:1').success).toBe(false)
    expect(caipAssetIdSchema.safeParse('eip155:1/slip44').success).toBe(false)
    expect(() => parseCaipAssetId('eip155:1')).toThrow()
  })
})
