import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerResponse } from 'node:http'
import { ChainReadError } from '../../serverFace/errors.js'
import { startHttpServer, type TestHttpServer } from '../../testing/startHttpServer.js'
import { createEsploraClient } from './createEsploraClient.js'

// Response bodies written from Esplora's API documentation (Blockstream/esplora API.md,
// "Transaction format" and "Block format"), not recorded from a server.
const txid = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b'
const blockHash = '000000000000000000024bead8df69990852c202db0e0097c1a12ea637d7e96d'
const documentedTransaction = {
  txid,
  version: 2,
  locktime: 0,
  vin: [
    {
      txid: '11'.repeat(32),
      vout: 1,
      prevout: {
        scriptpubkey: '0014751e76e8199196d454941c45d1b3a323f1433bd6',
        scriptpubkey_asm: 'OP_0 OP_PUSHBYTES_20 751e…',
        scriptpubkey_type: 'v0_p2wpkh',
        scriptpubkey_address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        value: 150000,
      },
      scriptsig: '',
      scriptsig_asm: '',
      witness: ['30440220…01', '0279be667e…'],
      is_coinbase: false,
      sequence: 4294967293,
    },
  ],
  vout: [
    {
      scriptpubkey: '6a0568656c6c6f',
      scriptpubkey_asm: 'OP_RETURN OP_PUSHBYTES_5 68656c6c6f',
      scriptpubkey_type: 'op_return',
      value: 0,
    },
  ],
  size: 191,
  weight: 437,
  fee: 1410,
  status: { confirmed: true, block_height: 800000, block_hash: blockHash, block_time: 1690168629 },
}
const documentedBlock = {
  id: blockHash,
  height: 800000,
  version: 536879108,
  timestamp: 1690168629,
  tx_count: 3721,
  size: 1634733,
  weight: 3993248,
  merkle_root: 'b3bad4d7e5e7a8a1f4e7e09d8bc7fac5a1d1aac0e5ab4b8b0d0a6b4d9e6fc7e1',
  previousblockhash: '00000000000000000002a0b5db2a7f8d9087464c2586b546be7bce8eb53b8187',
  mediantime: 1690165851,
  nonce: 106861918,
  bits: 386236009,
  difficulty: 53911173001054.59,
}

let esplora: TestHttpServer
let slow: TestHttpServer

beforeAll(async () => {
  esplora = await startHttpServer((request, res) => {
    const routes: Record<string, () => void> = {
      '/api/blocks/tip/height': () => res.writeHead(200, { 'content-type': 'text/plain' }).end('800001'),
      '/api/block-height/800000': () => res.writeHead(200, { 'content-type': 'text/plain' }).end(blockHash),
      [`/api/block/${blockHash}`]: () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(documentedBlock)),
      [`/api/block/${blockHash}/raw`]: () =>
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([1, 2, 3])),
      [`/api/tx/${txid}`]: () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(documentedTransaction)),
      '/api/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/txs/mempool': () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ ...documentedTransaction, status: { confirmed: false } }])),
      '/api/tx/badshape': () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":1}'),
      '/api/block-height/7': () => res.writeHead(200, { 'content-type': 'text/plain' }).end('<html>oops</html>'),
      '/api/blocks/tip/hash': () => res.writeHead(500).end('Internal'),
    }
    const route = routes[request.url]
    if (route) route()
    else
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(request.url.includes('/tx/') ? 'Transaction not found' : 'Block not found')
  })
  slow = await startHttpServer(() => {})
})
afterAll(async () => {
  await Promise.all([esplora?.close(), slow?.close()])
})

describe('createEsploraClient', () => {
  it('reads the documented shapes, one counted HTTP request per call', async () => {
    let requests = 0
    const client = createEsploraClient({
      baseUrl: `${esplora.url}/api/`,
      timeoutMs: 2000,
      onHttpRequest: () => requests++,
    })
    expect(await client.tipHeight()).toBe(800001n)
    expect(await client.blockHashAt(800000n)).toBe(blockHash)
    expect(await client.block(blockHash)).toMatchObject({
      id: blockHash,
      height: 800000,
      timestamp: 1690168629,
      previousblockhash: documentedBlock.previousblockhash,
    })
    expect(await client.rawBlock(blockHash)).toEqual(new Uint8Array([1, 2, 3]))
    expect(await client.transaction(txid)).toMatchObject({ txid, status: { confirmed: true, block_height: 800000 } })
    expect(await client.mempoolTransactions('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject([
      { txid, status: { confirmed: false } },
    ])
    expect(requests).toBe(6)
  })

  it("answers null for what Esplora does not know (404), and [] for an address's empty mempool", async () => {
    const client = createEsploraClient({ baseUrl: `${esplora.url}/api`, timeoutMs: 2000 })
    expect(await client.blockHashAt(900000n)).toBeNull()
    expect(await client.block('00'.repeat(32))).toBeNull()
    expect(await client.rawBlock('00'.repeat(32))).toBeNull()
    expect(await client.transaction('ff'.repeat(32))).toBeNull()
    expect(await client.mempoolTransactions('bc1qunknown')).toEqual([])
  })

  it('throws a ChainReadError on answers in another shape, server errors and timeouts', async () => {
    const client = createEsploraClient({ baseUrl: `${esplora.url}/api`, timeoutMs: 2000 })
    await expect(client.transaction('badshape')).rejects.toThrow(/did not answer in Esplora's shape/)
    await expect(client.blockHashAt(7n)).rejects.toThrow(/did not answer with a block hash/)
    const broken = createEsploraClient({ baseUrl: `${esplora.url}/nothing`, timeoutMs: 2000 })
    await expect(broken.tipHeight()).rejects.toThrow(ChainReadError)
    const stalled = createEsploraClient({ baseUrl: slow.url, timeoutMs: 100 })
    await expect(stalled.tipHeight()).rejects.toThrow(/did not answer within 100 ms/)
  })
})

describe('createEsploraClient retries', () => {
  it('reads through a 503, a 429 with Retry-After and a cut body, counting each request', async () => {
    const failures = [
      (res: ServerResponse) => res.writeHead(503).end('busy'),
      (res: ServerResponse) => res.writeHead(429, { 'retry-after': '0' }).end('slow down'),
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"txid":"4a5e'),
    ]
    const flaky = await startHttpServer((_request, res) => {
      const fail = failures.shift()
      if (fail) fail(res)
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(documentedTransaction))
    })
    try {
      let requests = 0
      const client = createEsploraClient({
        baseUrl: flaky.url,
        timeoutMs: 2000,
        onHttpRequest: () => requests++,
        retry: { retries: 3, baseDelayMs: 1 },
      })
      expect(await client.transaction(txid)).toMatchObject({ txid })
      expect(requests).toBe(4)
    } finally {
      await flaky.close()
    }
  })

  it('honours Retry-After (capped) and gives up after its retries with the last error', async () => {
    const waits: number[] = []
    const busy = await startHttpServer((_request, res) => res.writeHead(429, { 'retry-after': '3' }).end())
    try {
      const client = createEsploraClient({
        baseUrl: busy.url,
        timeoutMs: 2000,
        retry: { retries: 2, maxDelayMs: 2000, sleep: async (ms) => void waits.push(ms) },
      })
      await expect(client.tipHeight()).rejects.toThrow(/answered HTTP 429/)
      expect(waits).toEqual([2000, 2000])
      expect(busy.requests).toHaveLength(3)
    } finally {
      await busy.close()
    }
  })
})
