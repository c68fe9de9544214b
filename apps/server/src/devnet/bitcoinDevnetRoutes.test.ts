import { startBitcoinDevnet, type BitcoinDevnet } from '@paylink/devnet/bitcoin'
import { apiErrorSchema } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandling } from '../http/errorHandling.js'
import { RouteRegistry } from '../http/routeRegistry.js'
import { createBitcoinDevnetFaucet } from '@paylink/chains/bip122/server'
import { devnetMiners } from './devnetMiners.js'
import { devnetNetworks, type DevnetBitcoinHandle } from './devnetNetworks.js'
import { devnetRoutes } from './devnetRoutes.js'

// The Bitcoin devnet's routes against the REAL regtest devnet (packages/devnet/src/bitcoin), blocks
// only on demand: the Esplora proxy, the faucet's BTC, and POST /devnet/mine.
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const btc = `${regtest}/slip44:0`
const someone = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

let devnet: BitcoinDevnet
let app: FastifyInstance
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ blockIntervalMs: 0 })
  const bitcoin: DevnetBitcoinHandle = {
    caipNetworkId: devnet.caipNetworkId,
    name: 'Paylink Bitcoin Devnet',
    esploraUrl: devnet.esploraUrl,
    faucet: (address, sats) => devnet.faucet(address, sats),
    mine: (blocks) => devnet.mine(blocks),
  }
  const { upstreams } = devnetNetworks({
    chains: [],
    token: {
      chainId: 31337,
      address: '0x0000000000000000000000000000000000000001',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
    },
    bitcoin,
  })
  app = Fastify()
  app.decorate('routeRegistry', new RouteRegistry())
  installErrorHandling(app)
  await app.register(devnetRoutes, {
    upstreams,
    faucets: [createBitcoinDevnetFaucet(bitcoin)],
    miners: devnetMiners({ bitcoin }),
    timeoutMs: 5000,
  })
}, 60_000)
afterAll(async () => {
  await app?.close()
  await devnet?.close()
})

const esplora = (path: string) => app.inject({ method: 'GET', url: `/devnet/bitcoin/esplora${path}` })
const mine = (payload: unknown) => app.inject({ method: 'POST', url: '/devnet/mine', payload: payload as object })

describe('Bitcoin devnet routes', () => {
  it('proxies the Esplora REST API: JSON, text and the node refusal as they are', async () => {
    const height = await esplora('/blocks/tip/height')
    expect(height.statusCode).toBe(200)
    expect(height.body).toBe(String(devnet.height))
    const fees = await esplora('/fee-estimates')
    expect(fees.headers['content-type']).toMatch(/application\/json/)
    expect(Object.keys(fees.json())).toContain('1')
    const refused = await app.inject({
      method: 'POST',
      url: '/devnet/bitcoin/esplora/tx',
      headers: { 'content-type': 'text/plain' },
      payload: 'deadbeef',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toMatch(/TX decode failed/)
    expect((await esplora('/tx/00')).statusCode).toBe(400)
  })

  it('POST /devnet/faucet pays BTC in a real transaction; POST /devnet/mine confirms it and answers the block hashes', async () => {
    const paid = await app.inject({
      method: 'POST',
      url: '/devnet/faucet',
      payload: { asset: btc, address: someone, amount: '0.125' },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const { transactionId } = paid.json() as { transactionId: string }
    expect(transactionId).toMatch(/^[0-9a-f]{64}$/)
    expect(devnet.mempool).toContain(transactionId)

    const before = devnet.height
    const mined = await mine({ caipNetworkId: regtest, blocks: 2 })
    expect(mined.statusCode, mined.body).toBe(200)
    const { blockHashes } = mined.json() as { blockHashes: string[] }
    expect(blockHashes).toHaveLength(2)
    expect(devnet.height).toBe(before + 2)
    expect(blockHashes.at(-1)).toBe(devnet.tipHash)
    const utxos = (await esplora(`/address/${someone}/utxo`)).json() as Array<{
      txid: string
      value: number
      status: { confirmed: boolean; block_hash: string }
    }>
    expect(utxos).toEqual([
      expect.objectContaining({
        txid: transactionId,
        value: 12_500_000,
        status: expect.objectContaining({ confirmed: true, block_hash: blockHashes[0] }),
      }),
    ])
  })

  it.each([
    [
      'a testnet address on regtest',
      { asset: btc, address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '1' },
      'INVALID_ADDRESS',
    ],
    [
      'an EVM address',
      { asset: btc, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', amount: '1' },
      'INVALID_ADDRESS',
    ],
    ['more than 8 decimals', { asset: btc, address: someone, amount: '0.000000001' }, 'INVALID_AMOUNT'],
    ['more than the faucet sends at once', { asset: btc, address: someone, amount: '1000.00000001' }, 'INVALID_AMOUNT'],
  ])('the BTC faucet refuses %s with a 400 and sends nothing', async (_, payload, code) => {
    const mempool = devnet.mempool.length
    const res = await app.inject({ method: 'POST', url: '/devnet/faucet', payload })
    expect(res.statusCode).toBe(400)
    expect(apiErrorSchema.parse(res.json()).error.code).toBe(code)
    expect(devnet.mempool.length).toBe(mempool)
  })

  it.each([
    ['no blocks', { caipNetworkId: regtest }, 400],
    ['0 blocks', { caipNetworkId: regtest, blocks: 0 }, 400],
    ['101 blocks', { caipNetworkId: regtest, blocks: 101 }, 400],
    ['1.5 blocks', { caipNetworkId: regtest, blocks: 1.5 }, 400],
    ['a string', { caipNetworkId: regtest, blocks: '1' }, 400],
    ['an unknown field', { caipNetworkId: regtest, blocks: 1, to: someone }, 400],
    ['no CAIP-2 id', { caipNetworkId: 'regtest', blocks: 1 }, 400],
    ['a chain it cannot mine', { caipNetworkId: 'eip155:31337', blocks: 1 }, 404],
    ['an object key of every object', { caipNetworkId: 'bip122:constructor', blocks: 1 }, 404],
  ])('POST /devnet/mine refuses %s (4xx) and mines nothing', async (_, payload, status) => {
    const height = devnet.height
    const res = await mine(payload)
    expect(res.statusCode, res.body).toBe(status)
    expect(apiErrorSchema.parse(res.json()).error.message.length).toBeGreaterThan(0)
    expect(devnet.height).toBe(height)
  })
})
