import { describe, expect, it } from 'vitest'
import { findSettingMismatch, sharedSettingsOf, type SharedSettingsSource } from './sharedSettings.js'

const base: SharedSettingsSource = {
  publicOrigins: ['https://pay.example'],
  webhookAllowHttp: false,
  webhookAllowPrivateAddresses: false,
  networks: [{ caipNetworkId: 'eip155:1', rpcUrl: 'https://rpc.example', confirmations: 3 }],
  assets: [{ assetId: 'eip155:1/slip44:60', decimals: 18 }],
}

describe('findSettingMismatch', () => {
  it('finds none between equal settings, whatever the order of networks and assets', () => {
    const a = sharedSettingsOf({
      ...base,
      networks: [...base.networks, { caipNetworkId: 'eip155:10', rpcUrl: 'x', confirmations: 1 }],
    })
    const b = sharedSettingsOf({
      ...base,
      networks: [{ caipNetworkId: 'eip155:10', rpcUrl: 'y', confirmations: 1 }, ...base.networks],
    })
    expect(findSettingMismatch(a, b)).toBeNull()
  })

  it.each([
    ['WEBHOOK_ALLOW_HTTP', { webhookAllowHttp: true }, 'true', 'false'],
    ['WEBHOOK_ALLOW_PRIVATE_ADDRESSES', { webhookAllowPrivateAddresses: true }, 'true', 'false'],
    [
      'PUBLIC_ORIGIN',
      { publicOrigins: ['https://pay.example', 'https://other.example'] },
      'https://pay.example,https://other.example',
      'https://pay.example',
    ],
    ['confirmations of eip155:1', { networks: [{ ...base.networks[0]!, confirmations: 1 }] }, '1', '3'],
    [
      'assets',
      { assets: [{ assetId: 'eip155:1/slip44:60', decimals: 6 }] },
      'eip155:1/slip44:60:6',
      'eip155:1/slip44:60:18',
    ],
  ] as const)('names %s when it differs', (name, change, mine, theirs) => {
    expect(findSettingMismatch(sharedSettingsOf({ ...base, ...change }), sharedSettingsOf(base))).toEqual({
      name,
      mine,
      theirs,
    })
  })

  it('names a network one process has and the other lacks', () => {
    const more = sharedSettingsOf({
      ...base,
      networks: [...base.networks, { caipNetworkId: 'eip155:10', rpcUrl: 'x', confirmations: 1 }],
    })
    expect(findSettingMismatch(more, sharedSettingsOf(base))).toEqual({
      name: 'networks',
      mine: 'eip155:1,eip155:10',
      theirs: 'eip155:1',
    })
  })
})
