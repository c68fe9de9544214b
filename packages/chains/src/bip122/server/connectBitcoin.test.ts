import { Address } from '@scure/btc-signer'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChainCursor, PaymentChainReader, PaymentWatch } from '../../serverFace/chainFamily.js'
import { ChainMismatchError } from '../../serverFace/chainMismatchError.js'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'
import { connectBitcoin } from './connectBitcoin.js'
import { regtestFixture, startRegtestEsplora, type EsploraFixture } from '../testing/esploraFixture.js'
import { mempoolAddressesPerPass } from './sightMempool.js'

const { caipNetworkId, genesisHash: regtestGenesis, merchantAddress, payerAddress, elsewhere } = regtestFixture
const network = bitcoinNetworkOf(caipNetworkId)!
const funding = { txid: 'ab'.repeat(32), vout: 0, address: payerAddress, value: 5_000_000n }

let esplora: EsploraFixture
let requests = 0
let reader: PaymentChainReader

beforeEach(async () => {
  esplora = await startRegtestEsplora(2)
  requests = 0
  reader = connectBitcoin(
    { caipNetworkId, rpcUrl: `${esplora.url}/` },
    { timeoutMs: 2000, onHttpRequest: () => requests++, retry: { baseDelayMs: 1 } },
  )
})
afterEach(async () => {
  await esplora.close()
})

const watch = (optionId: string, depositAddress: string): PaymentWatch => ({
  optionId,
  linkId: `link_${optionId}`,
  tokenAddress: null,
  recipient: 'wpkh(…)',
  depositAddress,
  reference: null,
})
const cursorAt = (height: number): ChainCursor => ({
  number: BigInt(height),
  hashes: new Map([[BigInt(height), esplora.blocks[height]!.hash]]),
})
const scan = (cursor: ChainCursor, watches: PaymentWatch[], heights: bigint[] = []) =>
  reader.findPayments({
    head: BigInt(esplora.blocks.length - 1),
    cursor,
    heights,
    maxBlocks: 10,
    reorgDepthLimit: 6,
    watches,
  })

describe('connectBitcoin: the tracker reading an Esplora API', () => {
  it('reads the head, and the identity from block 0 (refusing another chain)', async () => {
    expect(await reader.readHead()).toBe(2n)
    expect(await reader.readIdentity()).toBe(`genesis ${regtestGenesis}`)
    const mainnetReader = connectBitcoin(
      { caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', rpcUrl: esplora.url },
      { timeoutMs: 2000 },
    )
    await expect(mainnetReader.readIdentity()).rejects.toThrow(ChainMismatchError)
  })

  it('finds a payment in a new block: its transactions, and a sighting of the option whose address it pays', async () => {
    const payment = esplora.transaction(
      [funding],
      [
        { address: merchantAddress, value: 100_000n },
        { address: payerAddress, value: 4_890_000n },
      ],
    )
    const other = esplora.transaction([{ ...funding, txid: 'cd'.repeat(32) }], [{ address: elsewhere, value: 1n }])
    const block = esplora.mine([payment, other])
    const result = await scan(cursorAt(2), [
      watch('opt_a', merchantAddress),
      watch('opt_b', elsewhere.replace('0xlx', '0xly')),
    ])
    expect(result.kind).toBe('scanned')
    if (result.kind !== 'scanned') return
    expect(result.transactionIds).toEqual([payment.txid, other.txid])
    expect(result.sightings).toEqual([{ transactionId: payment.txid, optionId: 'opt_a' }])
    expect(result.cursor.number).toBe(3n)
    expect(result.blocks.get(3n)).toEqual({ number: 3n, hash: block.hash, timestamp: BigInt(block.timestamp) })
    expect(result.rewound).toBe(false)
  })

  it('spends a constant number of requests per new block, 1 or 10,000 open links (mempool reads capped)', async () => {
    const few = [watch('opt_a', merchantAddress)]
    // 10,000 open links, each with its own address (20-byte witness programs made from the index).
    const many = Array.from({ length: 10_000 }, (_, i) => {
      const program = new Uint8Array(20)
      new DataView(program.buffer).setUint32(0, i + 1)
      return watch(
        `opt_${String(i).padStart(5, '0')}`,
        i === 0 ? merchantAddress : Address(network.parameters).encode({ type: 'wpkh', hash: program }),
      )
    })
    esplora.mine()
    requests = 0
    await scan(cursorAt(2), few)
    const withFew = requests
    esplora.reorg(1)
    esplora.mine()
    requests = 0
    await scan(cursorAt(2), many)
    // cursor hash + (height -> hash, raw block) per new block; the mempool is read after the
    // block's payments (sightPending), so a block's "paid" waits for none of those reads
    expect(withFew).toBe(1 + 2)
    expect(requests).toBe(1 + 2)
    expect(esplora.paths().filter((p) => p.endsWith('/raw'))).toHaveLength(2)
    expect(esplora.paths().filter((p) => p.endsWith('/txs/mempool'))).toHaveLength(0)
    // The rotation itself: capped whatever the count of open links.
    requests = 0
    await reader.sightPending!(many)
    expect(requests).toBe(mempoolAddressesPerPass)
    requests = 0
    await reader.sightPending!(few)
    expect(requests).toBe(1)
  })

  it('without a new block, a scan reads the mempool rotation itself (a forced pass)', async () => {
    const payment = esplora.transaction([funding], [{ address: merchantAddress, value: 70_000n }])
    esplora.mempool.push(payment)
    requests = 0
    const result = await scan(cursorAt(2), [watch('opt_a', merchantAddress)])
    expect(result.kind === 'scanned' && result.sightings).toEqual([{ transactionId: payment.txid, optionId: 'opt_a' }])
    expect(requests).toBe(1 + 1)
  })

  it('sights an unconfirmed payment in the mempool ("seen, confirming 0/N"), and reads it as known, unmined, in no block, and what it pays', async () => {
    const payment = esplora.transaction([funding], [{ address: merchantAddress, value: 70_000n }])
    esplora.mempool.push(payment)
    const result = await scan(cursorAt(2), [watch('opt_a', merchantAddress)])
    expect(result.kind === 'scanned' && result.sightings).toEqual([{ transactionId: payment.txid, optionId: 'opt_a' }])
    const evidence = await reader.readEvidence([
      {
        transactionId: payment.txid,
        options: [{ id: 'opt_a', tokenAddress: null, recipient: 'wpkh(…)', depositAddress: merchantAddress }],
      },
    ])
    expect(evidence.findings).toEqual([
      {
        known: true,
        unmined: true,
        inclusion: null,
        block: null,
        match: { ok: true, credits: [{ optionId: 'opt_a', logIndex: 0, amount: 70_000n, payer: payerAddress }] },
      },
    ])
  })

  it('reads a mined payment: its block, and the sum of its outputs to the option address under the first output index', async () => {
    const payment = esplora.transaction(
      [funding],
      [
        { address: payerAddress, value: 10n },
        { address: merchantAddress, value: 60_000n },
        { address: merchantAddress, value: 40_000n },
      ],
    )
    const block = esplora.mine([payment])
    esplora.mine()
    const evidence = await reader.readEvidence([
      {
        transactionId: payment.txid.toUpperCase(),
        options: [{ id: 'opt_a', tokenAddress: null, recipient: 'wpkh(…)', depositAddress: merchantAddress }],
      },
      { transactionId: payment.txid, options: null },
    ])
    expect(evidence.head).toBe(4n)
    expect(evidence.findings[0]).toEqual({
      known: true,
      inclusion: { blockNumber: 3n, blockHash: block.hash, success: true },
      block: { hash: block.hash, timestamp: BigInt(block.timestamp) },
      match: { ok: true, credits: [{ optionId: 'opt_a', logIndex: 1, amount: 100_000n, payer: payerAddress }] },
    })
    expect(evidence.findings[1]).toMatchObject({ known: true, match: null })
    // A transaction paying none of the options.
    const stray = esplora.transaction([funding], [{ address: elsewhere, value: 5n }])
    esplora.mine([stray])
    const strayEvidence = await reader.readEvidence([
      {
        transactionId: stray.txid,
        options: [{ id: 'opt_a', tokenAddress: null, recipient: 'x', depositAddress: merchantAddress }],
      },
    ])
    expect(strayEvidence.findings[0]!.match).toEqual({ ok: false, reason: 'wrong_recipient' })
  })

  it('a payment replaced by fee (RBF) to another address: unknown to Esplora once the replacement is mined (what the tracker decides: apps/server payments/bitcoinReplacedPayment.test.ts)', async () => {
    const original = esplora.transaction([funding], [{ address: merchantAddress, value: 100_000n }])
    esplora.mempool.push(original)
    const options = [{ id: 'opt_a', tokenAddress: null, recipient: 'wpkh(…)', depositAddress: merchantAddress }]
    const seen = await reader.readEvidence([{ transactionId: original.txid, options }])
    expect(seen.findings[0]).toMatchObject({ known: true, unmined: true, inclusion: null })
    // The replacement spends the same input elsewhere and is mined; the original is gone.
    const replacement = esplora.transaction([funding], [{ address: elsewhere, value: 99_000n }])
    esplora.mempool.splice(0, 1)
    esplora.mine([replacement])
    const gone = await reader.readEvidence([{ transactionId: original.txid, options }])
    expect(gone.findings[0]).toEqual({ known: false, inclusion: null, block: null, match: null })
  })

  it('moves the cursor past the blocks read completely only: a block that fails after the retries is read by the next pass', async () => {
    esplora.mine()
    const stuck = esplora.mine([esplora.transaction([funding], [{ address: merchantAddress, value: 100_000n }])])
    esplora.mine()
    esplora.failing.add(`/block/${stuck.hash}/raw`)
    const first = await scan(cursorAt(2), [watch('opt_a', merchantAddress)])
    expect(first.kind === 'scanned' && first.cursor.number).toBe(3n)
    expect(esplora.paths().filter((p) => p === `/block/${stuck.hash}/raw`)).toHaveLength(3)
    esplora.failing.clear()
    if (first.kind !== 'scanned') return
    const next = await scan(first.cursor, [watch('opt_a', merchantAddress)])
    expect(next.kind === 'scanned' && next.cursor.number).toBe(5n)
    expect(next.kind === 'scanned' && next.sightings).toEqual([
      { transactionId: stuck.transactions[0]!.txid, optionId: 'opt_a' },
    ])
  })

  it("one address's failed mempool read costs only its sighting; every read failing fails the pass", async () => {
    const payment = esplora.transaction([funding], [{ address: merchantAddress, value: 100_000n }])
    esplora.mempool.push(payment)
    esplora.failing.add(`/address/${elsewhere}/txs/mempool`)
    const watches = [watch('opt_a', merchantAddress), watch('opt_b', elsewhere)]
    expect(await reader.sightPending!(watches)).toEqual([{ transactionId: payment.txid, optionId: 'opt_a' }])
    esplora.failing.add(`/address/${merchantAddress}/txs/mempool`)
    await expect(reader.sightPending!(watches)).rejects.toThrow(/HTTP 503/)
  })

  it('follows a reorg: the remembered block changed, so it rewinds to the fork and rescans the new branch', async () => {
    const payment = esplora.transaction([funding], [{ address: merchantAddress, value: 100_000n }])
    esplora.mine([payment])
    const first = await scan(cursorAt(2), [watch('opt_a', merchantAddress)])
    if (first.kind !== 'scanned') throw new Error('expected a scan')
    // Block 3 is replaced by one without the payment, then block 4 is mined on it.
    esplora.reorg(1, true)
    esplora.mine()
    esplora.mine()
    const second = await scan(first.cursor, [watch('opt_a', merchantAddress)])
    expect(second).toMatchObject({ kind: 'scanned', rewound: true, sightings: [] })
    if (second.kind !== 'scanned') return
    expect(second.cursor.number).toBe(4n)
    expect(second.cursor.hashes.get(3n)).toBe(esplora.blocks[3]!.hash)
    expect((await reader.readEvidence([{ transactionId: payment.txid, options: null }])).findings[0]!.known).toBe(false)
  })

  it('reports a chain changed deeper than the reorg limit as changed', async () => {
    const cursor: ChainCursor = { number: 2n, hashes: new Map([0n, 1n, 2n].map((n) => [n, 'ee'.repeat(32)])) }
    const result = await reader.findPayments({
      head: 2n,
      cursor,
      heights: [],
      maxBlocks: 10,
      reorgDepthLimit: 3,
      watches: [],
    })
    expect(result).toMatchObject({ kind: 'changed' })
  })
})
