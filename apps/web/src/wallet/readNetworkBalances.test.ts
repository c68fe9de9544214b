import type { Asset, Network } from '@paylink/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readChainHead } from './readChainHead.js'
import { readNetworkBalances } from './readNetworkBalances.js'

const network = (caipNetworkId: string, rpcUrl: string): Network => ({
  caipNetworkId,
  name: 'Test chain',
  nativeCurrency: { name: 'Coin', symbol: 'C', decimals: 18 },
  rpcUrl,
  blockExplorerUrl: null,
  testnet: true,
  confirmations: 1,
})
const asset = (assetId: string, native: boolean, decimals = 18): Asset => ({
  assetId,
  caipNetworkId: assetId.split('/')[0]!,
  symbol: native ? 'C' : 'T',
  name: native ? 'Coin' : 'Token',
  decimals,
  native,
})

type Body = { id: number; method: string; params: unknown[] } | Array<{ id: number; method: string; params: unknown[] }>

/** A fake RPC that records each HTTP request and answers every JSON-RPC call in it. */
function fakeRpc(answer: (method: string, params: unknown[]) => unknown) {
  const requests: Body[] = []
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Body
    requests.push(body)
    const one = (c: { id: number; method: string; params: unknown[] }) => ({
      jsonrpc: '2.0',
      id: c.id,
      result: answer(c.method, c.params),
    })
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)), {
      headers: { 'content-type': 'application/json' },
    })
  })
  return requests
}

afterEach(() => vi.unstubAllGlobals())

describe('readNetworkBalances', () => {
  it('EVM: the coin and every token in ONE HTTP request (a JSON-RPC batch)', async () => {
    const requests = fakeRpc((method) =>
      method === 'eth_getBalance' ? '0xde0b6b3a7640000' : `0x${2_500_000n.toString(16).padStart(64, '0')}`,
    )
    const evm = network('eip155:31337', 'http://rpc.test/a')
    const balances = await readNetworkBalances(
      evm,
      [
        asset('eip155:31337/slip44:60', true),
        asset('eip155:31337/erc20:0x5FbDB2315678afecb367f032d93F642f64180aa3', false, 6),
        asset('eip155:31337/erc20:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', false, 6),
      ],
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
    expect(balances.map((b) => b.amount)).toEqual(['1', '2.5', '2.5'])
    expect(requests).toHaveLength(1)
    expect((requests[0] as unknown[]).map((c) => (c as { method: string }).method)).toEqual([
      'eth_getBalance',
      'eth_call',
      'eth_call',
    ])
  })

  it('Solana: getBalance in one batch; Bitcoin: the UTXOs, summed', async () => {
    const requests = fakeRpc((method) =>
      method === 'getBalance' ? { context: { slot: 1 }, value: 1_500_000_000 } : null,
    )
    const sol = {
      ...network('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'http://rpc.test/sol'),
      nativeCurrency: { name: 'Sol', symbol: 'SOL', decimals: 9 },
    }
    const [balance] = await readNetworkBalances(
      sol,
      [asset('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/slip44:501', true, 9)],
      'Addr',
    )
    expect(balance!.amount).toBe('1.5')
    expect(requests).toHaveLength(1)

    vi.stubGlobal(
      'fetch',
      async (url: string) =>
        new Response(url.endsWith('/utxo') ? '[{"value":1000},{"value":"2500"}]' : '1', { status: 200 }),
    )
    const btc = network('bip122:000000000933ea01ad0ee984209779ba', 'http://esplora.test/api/')
    const [sats] = await readNetworkBalances(
      btc,
      [asset('bip122:000000000933ea01ad0ee984209779ba/slip44:1', true, 8)],
      'tb1q',
    )
    expect(sats!.amount).toBe('0.000035')
  })

  it('a network that does not answer gives an error on each row, never zero', async () => {
    vi.stubGlobal('fetch', async () => new Response('busy', { status: 503 }))
    const rows = await readNetworkBalances(
      network('solana:x', 'http://rpc.test/down'),
      [asset('solana:x/slip44:501', true, 9)],
      'Addr',
    )
    expect(rows[0]).toMatchObject({ amount: null, error: 'Could not read Test chain: RPC answered 503' })
  })
})

describe('readChainHead', () => {
  it('reads the block number, the slot, the tip height', async () => {
    fakeRpc((method) => (method === 'eth_blockNumber' ? '0x2a' : method === 'getSlot' ? 77 : null))
    expect(await readChainHead(network('eip155:31337', 'http://rpc.test/head'))).toBe(42n)
    expect(await readChainHead(network('solana:x', 'http://rpc.test/sol'))).toBe(77n)
    vi.stubGlobal(
      'fetch',
      async (url: string) => new Response(url.endsWith('/blocks/tip/height') ? '2500000\n' : 'nope', { status: 200 }),
    )
    expect(await readChainHead(network('bip122:000000000933ea01ad0ee984209779ba', 'http://esplora.test/api'))).toBe(
      2_500_000n,
    )
  })
})
