import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainReadError } from './serverFace/errors.js'
import { startHttpServer, startJsonRpcServer, type TestHttpServer } from './testing/startHttpServer.js'
import { ChainMismatchError } from './serverFace/chainMismatchError.js'
import { chainFamilyOf } from './server.js'

const options = { timeoutMs: 500 }
const genesisEvm = `0x${'a4'.repeat(32)}`
const genesisSolana = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const genesisBitcoin = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'
let evm: TestHttpServer
let solana: TestHttpServer
let esplora: TestHttpServer

beforeAll(async () => {
  evm = await startJsonRpcServer({
    eth_chainId: '0x7a69',
    eth_getBlockByNumber: { number: '0x0', hash: genesisEvm.toUpperCase().replace('0X', '0x') },
  })
  solana = await startJsonRpcServer({ getGenesisHash: genesisSolana })
  esplora = await startHttpServer((request, res) => {
    if (request.url === '/api/block-height/0') res.writeHead(200, { 'content-type': 'text/plain' }).end(genesisBitcoin)
    else res.writeHead(404).end('Block not found')
  })
})
afterAll(async () => {
  await Promise.all([evm, solana, esplora].map((s) => s?.close()))
})

describe('readIdentity of each chain family', () => {
  it('EVM: the chain id and the hash of block 0 (lowercase), in one batch', async () => {
    const before = evm.requests.length
    const identity = await chainFamilyOf('eip155:31337')!.readIdentity(
      { caipNetworkId: 'eip155:31337', rpcUrl: evm.url },
      options,
    )
    expect(identity).toBe(`chain 31337, block 0 ${genesisEvm}`)
    expect(evm.requests.length - before).toBe(1)
    expect(JSON.parse(evm.requests.at(-1)!.body)).toMatchObject([
      { method: 'eth_chainId' },
      { method: 'eth_getBlockByNumber', params: ['0x0', false] },
    ])
  })

  it('EVM: refuses an RPC that serves another chain id than the configured one', async () => {
    await expect(
      chainFamilyOf('eip155:1')!.readIdentity({ caipNetworkId: 'eip155:1', rpcUrl: evm.url }, options),
    ).rejects.toThrow(ChainMismatchError)
    await expect(
      chainFamilyOf('eip155:1')!.readIdentity({ caipNetworkId: 'eip155:1', rpcUrl: evm.url }, options),
    ).rejects.toThrow(/serves chain id 31337, not 1/)
  })

  it('Solana: the genesis hash (getGenesisHash)', async () => {
    const id = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect(await chainFamilyOf(id)!.readIdentity({ caipNetworkId: id, rpcUrl: solana.url }, options)).toBe(
      `genesis ${genesisSolana}`,
    )
    expect(JSON.parse(solana.requests.at(-1)!.body)).toMatchObject({ method: 'getGenesisHash' })
  })

  it('Bitcoin: the hash of block 0 from Esplora (GET /block-height/0)', async () => {
    const id = 'bip122:000000000019d6689c085ae165831e93'
    expect(await chainFamilyOf(id)!.readIdentity({ caipNetworkId: id, rpcUrl: `${esplora.url}/api/` }, options)).toBe(
      `genesis ${genesisBitcoin}`,
    )
  })

  it('fails with a ChainReadError on an answer that is no identity', async () => {
    await expect(
      chainFamilyOf('solana:x')!.readIdentity({ caipNetworkId: 'solana:x', rpcUrl: evm.url }, options),
    ).rejects.toThrow(/gave no genesis hash/)
    await expect(
      chainFamilyOf('bip122:x')!.readIdentity({ caipNetworkId: 'bip122:x', rpcUrl: `${esplora.url}/nothing` }, options),
    ).rejects.toThrow(ChainReadError)
    await expect(
      chainFamilyOf('eip155:31337')!.readIdentity({ caipNetworkId: 'eip155:31337', rpcUrl: solana.url }, options),
    ).rejects.toThrow(ChainReadError)
  })

  it('has a family for each namespace Paylink reads; EVM, Solana and Bitcoin follow payments', () => {
    expect(chainFamilyOf('eip155:1')?.connect).toBeTypeOf('function')
    expect(chainFamilyOf('solana:x')?.connect).toBeTypeOf('function')
    expect(chainFamilyOf('bip122:x')?.connect).toBeTypeOf('function')
    expect(chainFamilyOf('cosmos:cosmoshub-4')).toBeUndefined()
  })
})
