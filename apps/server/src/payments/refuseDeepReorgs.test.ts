import { describe, expect, it } from 'vitest'
import { ChainMismatchError } from '@paylink/chains/server'
import { refuseDeepReorgs } from './refuseDeepReorgs.js'

const network = 'eip155:31337'

describe('refuseDeepReorgs', () => {
  it('lets reorgs within the limit through (the payments are read again, and reverted if gone)', () => {
    // Block 37 with the head at 100: 64 blocks deep, the limit itself.
    expect(() =>
      refuseDeepReorgs({
        caipNetworkId: network,
        moved: [{ id: 'pay_a', blockNumber: 37n }],
        head: 100n,
        reorgDepthLimit: 64,
      }),
    ).not.toThrow()
    expect(() => refuseDeepReorgs({ caipNetworkId: network, moved: [], head: 100n, reorgDepthLimit: 64 })).not.toThrow()
    // A block above the head (a node behind): not deep.
    expect(() =>
      refuseDeepReorgs({
        caipNetworkId: network,
        moved: [{ id: 'pay_b', blockNumber: 120n }],
        head: 100n,
        reorgDepthLimit: 64,
      }),
    ).not.toThrow()
  })

  it('refuses a replaced block deeper than the limit, naming the deepest payment', () => {
    const moved = [
      { id: 'pay_shallow', blockNumber: 90n },
      { id: 'pay_deep', blockNumber: 20n },
      { id: 'pay_deeper', blockNumber: 30n },
    ]
    const run = () => refuseDeepReorgs({ caipNetworkId: network, moved, head: 100n, reorgDepthLimit: 64 })
    expect(run).toThrow(ChainMismatchError)
    expect(run).toThrow(
      'eip155:31337 no longer has block 20 where payment pay_deep was recorded, 81 blocks below its head: deeper than the 64-block reorg limit.',
    )
  })
})
