import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainReadError } from './serverFace/errors.js'
import {
  startHangingServer,
  startHttpServer,
  startJsonRpcServer,
  type TestHttpServer,
} from './testing/startHttpServer.js'
import { readHead } from './server.js'

const options = { timeoutMs: 500 }
let evm: TestHttpServer
let solana: TestHttpServer
let esplora: TestHttpServer
let hanging: TestHttpServer

beforeAll(async () => {
  evm = await startJsonRpcServer({ eth_blockNumber: '0x10', eth_chainId: '0x7a69' })
  solana = await startJsonRpcServer({ getSlot: 4242 })
  esplora = await startHttpServer((request, res) => {
    if (request.url === '/api/blocks/tip/height') res.writeHead(200, { 'content-type': 'text/plain' }).end('870123')
    else res.writeHead(404).end('not found')
  })
  hanging = await startHangingServer()
})
afterAll(async () => {
  await Promise.all([evm, solana, esplora, hanging].map((s) => s?.close()))
})

describe('readHead', () => {
  it('reads an EVM head with eth_blockNumber', async () => {
    expect(await readHead({ caipNetworkId: 'eip155:31337', rpcUrl: evm.url }, options)).toBe(16n)
  })

  it('reads a Solana slot with getSlot', async () => {
    expect(
      await readHead({ caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', rpcUrl: solana.url }, options),
    ).toBe(4242n)
    expect(JSON.parse(solana.requests.at(-1)!.body)).toMatchObject({ method: 'getSlot' })
  })

  it('reads a Bitcoin tip height from an Esplora API, trailing slash or not', async () => {
    const network = { caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', rpcUrl: `${esplora.url}/api/` }
    expect(await readHead(network, options)).toBe(870123n)
  })

  it('gives up on a hung RPC within the timeout, for every namespace', async () => {
    for (const caipNetworkId of [
      'eip155:1',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
    ]) {
      const started = Date.now()
      await expect(readHead({ caipNetworkId, rpcUrl: hanging.url }, { timeoutMs: 200 })).rejects.toBeInstanceOf(
        ChainReadError,
      )
      expect(Date.now() - started).toBeLessThan(1500)
    }
  })

  it('fails on an RPC that answers with an error or nonsense', async () => {
    await expect(readHead({ caipNetworkId: 'solana:x', rpcUrl: evm.url }, options)).rejects.toThrow(/gave no slot/)
    await expect(readHead({ caipNetworkId: 'bip122:x', rpcUrl: evm.url }, options)).rejects.toThrow(ChainReadError)
    await expect(readHead({ caipNetworkId: 'eip155:1', rpcUrl: solana.url }, options)).rejects.toThrow(ChainReadError)
  })

  it('refuses a namespace it has no reader for', async () => {
    await expect(readHead({ caipNetworkId: 'cosmos:cosmoshub-4', rpcUrl: evm.url }, options)).rejects.toThrow(
      /No chain reader/,
    )
  })
})
