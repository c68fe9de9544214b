import { devnetNetwork } from '@paylink/shared/testing/testNetworks'
import { describe, expect, it } from 'vitest'
import { describeHalts, describeLowGas } from './describeHalts.js'

const networks = [devnetNetwork]

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

describe('describeLowGas', () => {
  it('names each network where a gas key (EVM or the Solana fee payer) is low; none without the facilitator', () => {
    const health = {
      ok: true,
      db: true,
      chains: [],
      x402Gas: {
        address: '0xgas',
        threshold: '0.01',
        networks: [
          { caipNetworkId: 'eip155:31337', balance: '1.5', low: false },
          { caipNetworkId: 'eip155:31338', balance: null, low: false },
          { caipNetworkId: 'eip155:1', balance: '0.001', low: true },
        ],
        solana: {
          address: 'FeePayer',
          threshold: '0.01',
          networks: [{ caipNetworkId: 'solana:dev', balance: '0.002', low: true }],
        },
      },
    }
    expect(describeLowGas(health, networks)).toEqual([
      { caipNetworkId: 'eip155:1', name: 'eip155:1', address: '0xgas', balance: '0.001', threshold: '0.01' },
      { caipNetworkId: 'solana:dev', name: 'solana:dev', address: 'FeePayer', balance: '0.002', threshold: '0.01' },
    ])
    expect(describeLowGas({ ...health, x402Gas: { ...health.x402Gas, networks: [] } }, networks)).toHaveLength(1)
    expect(describeLowGas({ ok: true, db: true, chains: [] }, networks)).toEqual([])
  })
})
