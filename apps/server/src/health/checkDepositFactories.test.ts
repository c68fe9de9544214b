import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../errors.js'
import { startHttpServer, startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'
import { checkDepositFactories } from './checkDepositFactories.js'

let deployed: TestHttpServer
let empty: TestHttpServer
let gone: TestHttpServer
const network = (name: string, id: string, rpcUrl: string, depositFactory?: boolean) => ({
  caipNetworkId: `eip155:${id}`,
  name,
  rpcUrl,
  ...(depositFactory === undefined ? {} : { depositFactory }),
})

beforeAll(async () => {
  deployed = await startJsonRpcServer({ eth_getCode: '0x6080604052' })
  empty = await startJsonRpcServer({ eth_getCode: '0x' })
  gone = await startHttpServer(() => {})
  await gone.close()
})
afterAll(async () => Promise.all([deployed, empty].map((server) => server?.close())))

describe('checkDepositFactories', () => {
  it('passes when the factory has code on every network marked depositFactory', async () => {
    await expect(
      checkDepositFactories({ networks: [network('Base', '8453', deployed.url, true)] }),
    ).resolves.toBeUndefined()
    expect(deployed.requests.map((request) => JSON.parse(request.body).method)).toContain('eth_getCode')
  })

  it('refuses to start, naming the network, when the factory is not deployed there', async () => {
    const start = checkDepositFactories({
      networks: [network('Base', '8453', deployed.url, true), network('Typo chain', '10', empty.url, true)],
    })
    await expect(start).rejects.toBeInstanceOf(ConfigError)
    await expect(start).rejects.toThrow(/Typo chain \(eip155:10\) is marked depositFactory: true/)
    await expect(start).rejects.not.toThrow(/Base/)
  })

  it('does not ask networks not marked, and starts when a marked RPC does not answer (reported as unchecked)', async () => {
    const before = empty.requests.length
    const unchecked: string[] = []
    await checkDepositFactories({
      networks: [network('Plain', '10', empty.url), network('Down', '1', gone.url, true)],
      timeoutMs: 1000,
      onUnchecked: (n) => unchecked.push(n.caipNetworkId),
    })
    expect(empty.requests.length, 'a network without depositFactory is not asked').toBe(before)
    expect(unchecked).toEqual(['eip155:1'])
  })
})
