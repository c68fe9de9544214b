import { startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { generateSolanaKeypair } from './demoGasKey.js'
import { closeInOrder } from '../testing/closeInOrder.js'

// Each x402 module counts its loads; `failNext` makes the next load of x402's facilitator throw.
const x402 = vi.hoisted(() => {
  const state = { loads: {} as Record<string, number>, facilitators: 0, failNext: false }
  const counted =
    (id: string) =>
    async (importOriginal: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> => {
      state.loads[id] = (state.loads[id] ?? 0) + 1
      if (id === '@x402/core/facilitator' && state.failNext) {
        state.failNext = false
        throw new Error('a broken install')
      }
      return importOriginal()
    }
  return { state, counted }
})
vi.mock('@x402/core/facilitator', async (importOriginal: () => Promise<typeof import('@x402/core/facilitator')>) => {
  const original = await x402.counted('@x402/core/facilitator')(importOriginal)
  const Facilitator = original.x402Facilitator as typeof import('@x402/core/facilitator').x402Facilitator
  return {
    ...original,
    x402Facilitator: class extends Facilitator {
      constructor() {
        super()
        x402.state.facilitators++
      }
    },
  }
})
vi.mock('@x402/core/server', x402.counted('@x402/core/server'))
vi.mock('@x402/evm', x402.counted('@x402/evm'))
vi.mock('@x402/evm/exact/facilitator', x402.counted('@x402/evm/exact/facilitator'))
vi.mock('@x402/evm/exact/server', x402.counted('@x402/evm/exact/server'))
vi.mock('@x402/svm', x402.counted('@x402/svm'))
vi.mock('@x402/svm/exact/facilitator', x402.counted('@x402/svm/exact/facilitator'))
vi.mock('@x402/svm/exact/server', x402.counted('@x402/svm/exact/server'))

const evmNetwork = 'eip155:31337'
const solanaNetwork = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const gasKey = generatePrivateKey()
const solanaKey = generateSolanaKeypair()
let database: Database
let rpc: TestHttpServer
let app: FastifyInstance

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  // One RPC for both chains: 1 ETH and 2 SOL for every address asked.
  rpc = await startJsonRpcServer({
    eth_blockNumber: '0x10',
    eth_getBalance: '0xde0b6b3a7640000',
    getBalance: { context: { slot: 16 }, value: 2_000_000_000 },
  })
  const network = { rpcUrl: rpc.url, blockExplorerUrl: null, testnet: true, confirmations: 1 }
  app = await buildApp({
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: [
      {
        ...network,
        caipNetworkId: evmNetwork,
        name: 'Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
      {
        ...network,
        caipNetworkId: solanaNetwork,
        name: 'Solana local',
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      },
    ],
    assets: [],
    database,
    webDist: '/nonexistent',
    x402: { evmPrivateKey: gasKey, solanaSecretKey: solanaKey },
  })
}, 60_000)

afterAll(() => closeInOrder(app, rpc, database))

describe('x402 libraries', () => {
  it('are not loaded at start nor for the gas keys; the first x402 requests share one import, and a failed one is a 503', async () => {
    expect(x402.state.loads).toEqual({})

    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode, health.body).toBe(200)
    expect(health.json().x402Gas).toMatchObject({
      address: privateKeyToAccount(gasKey).address,
      networks: [{ caipNetworkId: evmNetwork, balance: '1', low: false }],
      solana: { networks: [{ caipNetworkId: solanaNetwork, balance: '2', low: false }] },
    })
    expect(x402.state.loads).toEqual({})

    x402.state.failNext = true
    const failed = await app.inject({ method: 'GET', url: '/x402/facilitator/supported' })
    expect(failed.statusCode, failed.body).toBe(503)
    expect(failed.json().error.code).toBe('X402_UNAVAILABLE')
    expect(x402.state.facilitators).toBe(0)

    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/x402/facilitator/supported' }),
      app.inject({ method: 'GET', url: '/x402/facilitator/supported' }),
    ])
    expect(first!.statusCode, first!.body).toBe(200)
    expect(second!.body).toBe(first!.body)
    const feePayer = health.json().x402Gas.solana.address
    expect(first!.json()).toEqual({
      kinds: [
        { x402Version: 2, scheme: 'exact', network: evmNetwork },
        { x402Version: 2, scheme: 'exact', network: solanaNetwork, extra: { feePayer } },
      ],
      extensions: [],
      signers: { 'eip155:*': [privateKeyToAccount(gasKey).address], 'solana:*': [feePayer] },
    })
    // One facilitator for both requests; each module loaded once (the failed one again after its failure).
    expect(x402.state.facilitators).toBe(1)
    expect(x402.state.loads).toEqual({
      '@x402/core/facilitator': 2,
      '@x402/core/server': 1,
      '@x402/evm': 1,
      '@x402/evm/exact/facilitator': 1,
      '@x402/evm/exact/server': 1,
      '@x402/svm': 1,
      '@x402/svm/exact/facilitator': 1,
      '@x402/svm/exact/server': 1,
    })
  })
})
