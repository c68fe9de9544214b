import { hex } from '@scure/base'
import { Address, CompactSize, OutScript, RawTx } from '@scure/btc-signer'
import { createHash } from 'node:crypto'
import { startHttpServer, type TestHttpServer } from '../../testing/startHttpServer.js'
import { bitcoinNetworkOf, type BitcoinNetwork } from '../server/bitcoinNetworks.js'
import type { EsploraTransaction } from '../server/createEsploraClient.js'

/**
 * A stand-in Esplora for tests: a chain held in memory, served with the response shapes of
 * Esplora's API documentation (Blockstream/esplora API.md: `/blocks/tip/height`,
 * `/block-height/:h`, `/block/:hash`, `/block/:hash/raw`, `/tx/:txid`,
 * `/address/:a/txs/mempool`, 404 with a text body for what it does not know). Written from
 * that documentation, not recorded from a server. Blocks are serialized as Bitcoin does
 * (80-byte header, transactions); proof of work and the merkle root are not computed.
 */
export interface FixtureTransaction {
  txid: string
  raw: Uint8Array
  inputs: Array<{ txid: string; vout: number; address: string; value: bigint }>
  outputs: Array<{ address: string; value: bigint }>
}

interface FixtureBlock {
  hash: string
  previousHash: string
  height: number
  timestamp: number
  raw: Uint8Array
  transactions: FixtureTransaction[]
}

export interface EsploraFixture {
  server: TestHttpServer
  /** The Esplora base URL. */
  url: string
  blocks: FixtureBlock[]
  mempool: FixtureTransaction[]
  /** A transaction spending `inputs` (made-up previous outputs) to `outputs`; not yet anywhere. */
  transaction(inputs: FixtureTransaction['inputs'], outputs: FixtureTransaction['outputs']): FixtureTransaction
  /**
   * Mines a block with these transactions (taken out of the mempool) on the tip. Its time is made
   * up (November 2023 onwards) unless `timestamp` (seconds) is given: a test that needs a block
   * mined after something it made now passes the clock's.
   */
  mine(transactions?: FixtureTransaction[], timestamp?: number): FixtureBlock
  /** Drops the last `depth` blocks; their transactions go back to the mempool unless `dropTransactions`. */
  reorg(depth: number, dropTransactions?: boolean): void
  /** GET requests served so far, by path. */
  paths(): string[]
  /** Paths answered 503 from now on (a provider failing on some requests), until removed. */
  failing: Set<string>
  close(): Promise<void>
}

export async function startEsploraFixture(network: BitcoinNetwork, genesisHash: string): Promise<EsploraFixture> {
  const blocks: FixtureBlock[] = []
  const mempool: FixtureTransaction[] = []
  let nonce = 0
  const scriptOf = (address: string) => OutScript.encode(Address(network.parameters).decode(address))

  const outputJson = (address: string, value: bigint) => ({
    scriptpubkey: hex.encode(scriptOf(address)),
    scriptpubkey_asm: '',
    scriptpubkey_type: address.slice(address.indexOf('1') + 1).startsWith('p') ? 'v1_p2tr' : 'v0_p2wpkh',
    scriptpubkey_address: address,
    value: Number(value),
  })
  const txJson = (transaction: FixtureTransaction): EsploraTransaction & Record<string, unknown> => {
    const block = blocks.find((b) => b.transactions.includes(transaction))
    return {
      txid: transaction.txid,
      version: 2,
      locktime: 0,
      vin: transaction.inputs.map((input) => ({
        txid: input.txid,
        vout: input.vout,
        prevout: outputJson(input.address, input.value),
        scriptsig: '',
        scriptsig_asm: '',
        witness: [],
        is_coinbase: false,
        sequence: 0xfffffffd,
      })),
      vout: transaction.outputs.map((output) => outputJson(output.address, output.value)),
      size: transaction.raw.length,
      weight: transaction.raw.length * 4,
      fee: 1000,
      status: block
        ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.timestamp }
        : { confirmed: false },
    }
  }
  const findTransaction = (txid: string) =>
    [...blocks.flatMap((b) => b.transactions), ...mempool].find((t) => t.txid === txid)

  const server = await startHttpServer((request, res) => {
    const path = request.url
    const text = (body: string) => res.writeHead(200, { 'content-type': 'text/plain' }).end(body)
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const notFound = (what: string) => res.writeHead(404, { 'content-type': 'text/plain' }).end(`${what} not found`)
    let m: RegExpExecArray | null
    if (fixture.failing.has(path)) return res.writeHead(503, { 'content-type': 'text/plain' }).end('Unavailable')
    if (path === '/blocks/tip/height') return text(String(blocks.length - 1))
    if ((m = /^\/block-height\/(\d+)$/.exec(path))) {
      const height = Number(m[1])
      return height === 0 ? text(genesisHash) : blocks[height] ? text(blocks[height].hash) : notFound('Block')
    }
    if ((m = /^\/block\/([0-9a-f]{64})(\/raw)?$/.exec(path))) {
      const block = blocks.find((b) => b.hash === m![1])
      if (!block) return notFound('Block')
      if (m[2]) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(block.raw))
      return json({
        id: block.hash,
        height: block.height,
        version: 0x20000000,
        timestamp: block.timestamp,
        tx_count: block.transactions.length,
        size: block.raw.length,
        weight: block.raw.length * 4,
        merkle_root: '00'.repeat(32),
        previousblockhash: block.previousHash,
        mediantime: block.timestamp,
        nonce: 0,
        bits: 0x207fffff,
        difficulty: 0,
      })
    }
    if ((m = /^\/tx\/([0-9a-f]{64})$/.exec(path))) {
      const transaction = findTransaction(m[1]!)
      return transaction ? json(txJson(transaction)) : notFound('Transaction')
    }
    if ((m = /^\/address\/([0-9a-z]+)\/txs\/mempool$/.exec(path))) {
      return json(mempool.filter((t) => t.outputs.some((o) => o.address === m![1])).map(txJson))
    }
    return notFound('Resource')
  })

  const fixture: EsploraFixture = {
    failing: new Set(),
    server,
    url: server.url,
    blocks,
    mempool,
    transaction(inputs, outputs) {
      const raw = RawTx.encode({
        version: 2,
        segwitFlag: false,
        inputs: inputs.map((input) => ({
          txid: hex.decode(input.txid),
          index: input.vout,
          finalScriptSig: new Uint8Array(),
          sequence: 0xfffffffd,
        })),
        outputs: outputs.map((output) => ({ amount: output.value, script: scriptOf(output.address) })),
        witnesses: undefined,
        lockTime: nonce++,
      })
      return { txid: reversedHex(doubleSha256(raw)), raw, inputs, outputs }
    },
    mine(transactions = [], at?: number) {
      for (const transaction of transactions) {
        const i = mempool.indexOf(transaction)
        if (i >= 0) mempool.splice(i, 1)
      }
      const height = blocks.length
      const previousHash = blocks.at(-1)?.hash ?? '00'.repeat(32)
      const timestamp = at ?? 1_700_000_000 + height * 600 + nonce
      const header = new Uint8Array(80)
      const view = new DataView(header.buffer)
      view.setUint32(0, 0x20000000, true)
      header.set(hex.decode(previousHash).reverse(), 4)
      view.setUint32(68, timestamp, true)
      view.setUint32(72, 0x207fffff, true)
      view.setUint32(76, nonce++, true)
      const raw = concat([header, CompactSize.encode(BigInt(transactions.length)), ...transactions.map((t) => t.raw)])
      // Block 0 is the network's real genesis where it is one of Bitcoin's, so a tracker whose
      // first head read lagged back to it reads a raw block that hashes to the hash served.
      const genesis = height === 0 ? bitcoinGenesisBlock(genesisHash) : null
      const block = {
        hash: height === 0 ? genesisHash : reversedHex(doubleSha256(header)),
        previousHash,
        height,
        timestamp: genesis?.timestamp ?? timestamp,
        raw: genesis?.raw ?? raw,
        transactions,
      }
      blocks.push(block)
      return block
    },
    reorg(depth, dropTransactions = false) {
      for (const block of blocks.splice(blocks.length - depth, depth))
        if (!dropTransactions) mempool.push(...block.transactions)
    },
    paths: () => server.requests.map((r) => r.url),
    close: () => server.close(),
  }
  return fixture
}

/** Every Bitcoin network's genesis coinbase (the same transaction on mainnet, testnet, signet and regtest). */
const GENESIS_COINBASE = hex.decode(
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
)
/** Time, bits and nonce of the genesis headers of mainnet, testnet3, regtest and signet. */
const GENESIS_HEADERS: ReadonlyArray<readonly [number, number, number]> = [
  [1231006505, 0x1d00ffff, 2083236893],
  [1296688602, 0x1d00ffff, 414098458],
  [1296688602, 0x207fffff, 2],
  [1598918400, 0x1e0377ae, 52613770],
]

/** The raw genesis block whose hash is `genesisHash`, when it is one of Bitcoin's networks'; else null. */
function bitcoinGenesisBlock(genesisHash: string): { raw: Uint8Array; timestamp: number } | null {
  for (const [timestamp, bits, nonce] of GENESIS_HEADERS) {
    const header = new Uint8Array(80)
    const view = new DataView(header.buffer)
    view.setUint32(0, 1, true)
    header.set(doubleSha256(GENESIS_COINBASE), 36)
    view.setUint32(68, timestamp, true)
    view.setUint32(72, bits, true)
    view.setUint32(76, nonce, true)
    if (reversedHex(doubleSha256(header)) === genesisHash)
      return { raw: concat([header, CompactSize.encode(1n), GENESIS_COINBASE]), timestamp }
  }
  return null
}

function doubleSha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(createHash('sha256').update(data).digest()).digest())
}

function reversedHex(bytes: Uint8Array): string {
  return hex.encode(Uint8Array.from(bytes).reverse())
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/**
 * A regtest chain to serve (the fixture's usual one) and addresses of it that tests pay and pay from
 * (BIP173's test vector program, and others made from it).
 */
export const regtestFixture = {
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  merchantAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  payerAddress: 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry',
  elsewhere: 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6',
} as const

/** The fixture on regtestFixture's chain with blocks 0 (served as the regtest genesis) to `tip` mined. */
export async function startRegtestEsplora(tip: number): Promise<EsploraFixture> {
  const esplora = await startEsploraFixture(bitcoinNetworkOf(regtestFixture.caipNetworkId)!, regtestFixture.genesisHash)
  for (let height = 0; height <= tip; height++) esplora.mine()
  return esplora
}
