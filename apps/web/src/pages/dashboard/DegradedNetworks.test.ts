import { describe, expect, it } from 'vitest'
import { describeDegraded } from './DegradedNetworks.js'

const network = (caipNetworkId: string, name: string) => ({
  caipNetworkId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: '/devnet/rpc/31337',
  blockExplorerUrl: null,
  testnet: true,
  confirmations: 1,
})
const networks = [network('eip155:31337', 'Paylink Devnet'), network('eip155:8453', 'Base')]

describe('describeDegraded', () => {
  it('says one sentence per degraded or down network, by its name; ok, halted and untracked ones are left out', () => {
    const notices = describeDegraded(
      {
        ok: true,
        db: true,
        chains: [
          { caipNetworkId: 'eip155:31337', head: '12', status: 'degraded' },
          { caipNetworkId: 'eip155:8453', head: null, status: 'down' },
          { caipNetworkId: 'eip155:1', head: '5', status: 'ok' },
          { caipNetworkId: 'eip155:10', head: null, status: 'down', halted: true, reason: 'chain id 5 answers' },
          { caipNetworkId: 'eip155:42161', head: '7' },
        ],
      },
      networks,
    )
    expect(notices.map(({ caipNetworkId, state }) => [caipNetworkId, state])).toEqual([
      ['eip155:31337', 'degraded'],
      ['eip155:8453', 'down'],
    ])
    expect(notices[0]!.sentence).toMatch(/^Paylink Devnet answers slowly or with errors/)
    expect(notices[1]!.sentence).toMatch(/^Base cannot be read right now: .*none is lost/)
  })

  it('says nothing before health has answered', () => {
    expect(describeDegraded(undefined, networks)).toEqual([])
  })
})
