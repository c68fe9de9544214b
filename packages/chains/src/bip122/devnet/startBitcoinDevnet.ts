import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1'
import { readSavedState } from '../../devnetFace/readSavedState.js'
import { keepStateSaved } from '../../devnetFace/keepStateSaved.js'
import { listenOnLoopback } from '../../devnetFace/listenOnLoopback.js'
import { BitcoinChain, type Block } from './bitcoinChain.js'
import { addressScript } from './describeScript.js'
import { answerEsplora } from './esploraRoutes.js'
import { utxoJson } from './esploraViews.js'
import { COIN, REGTEST, REGTEST_GENESIS_HASH } from './regtest.js'

const STATE_FORMAT = 'paylink-bitcoin-devnet/1'
/** The faucet's fee rate (sat/vB): above the relay floor, like the fee estimates' slower targets. */
const FAUCET_FEE_RATE = 2n

export type BitcoinDevnetOptions = {
  /** A block every this many ms (default 10,000); 0 = blocks only on demand (`mine`). */
  blockIntervalMs?: number
  /** JSON state file: loaded at start when it exists, written after each block or new mempool transaction (debounced) and on close. */
  statePath?: string
  /** Debounce of the automatic save (default 500 ms). */
  saveDebounceMs?: number
  /** `bcrt1…` addresses paid `fundSats` once (the first time they are listed), confirmed before start resolves. */
  fundAddresses?: string[]
  /** Sats per funded address (default 10 BTC). */
  fundSats?: bigint
}

export type ReorgResult = {
  /** Hashes of the blocks taken off the best chain, oldest first. */
  removed: string[]
  /** Hashes of the depth+1 blocks that replaced them. */
  added: string[]
  /** Transactions of the removed blocks (and of the old mempool) back in the mempool. */
  readded: string[]
  /** Transactions that were dropped: listed in `dropTxids`, double-spent by `includeRawTxs`, or descending from those. */
  dropped: string[]
}

export type BitcoinDevnet = {
  /** `http://127.0.0.1:<port>`: the Esplora REST subset (CORS on). */
  esploraUrl: string
  /** The regtest genesis hash; CAIP-2 `bip122:` + its first 32 hex characters. */
  genesisHash: string
  /** CAIP-2 id of the chain: `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
  caipNetworkId: `bip122:${string}`
  /** The faucet's P2WPKH address (it also receives the coinbases of blocks mined without an address). */
  faucetAddress: string
  chain: BitcoinChain
  readonly height: number
  readonly tipHash: string
  /** Mempool txids in entry order. */
  readonly mempool: string[]
  /** Pays `sats` to `address` in a real signed transaction from the faucet key, into the mempool. Resolves to its txid. */
  faucet(address: string, sats: bigint): Promise<string>
  /** Submits a raw transaction (hex) as `POST /tx` does; rejects with a TxRejected carrying bitcoind's code and reason. */
  submit(rawHex: string): Promise<string>
  /** Mines `n` blocks now (coinbase to `toAddress`, default the faucet). Resolves to their hashes. */
  mine(n?: number, toAddress?: string): Promise<string[]>
  /**
   * For tests: replaces the last `depth` blocks with depth+1 new ones. The removed blocks'
   * transactions go back to the mempool (not into the new blocks), except `dropTxids` and what is
   * then double-spent; `includeRawTxs` go into the first new block (a double spend that wins).
   */
  reorg(depth: number, options?: { dropTxids?: string[]; includeRawTxs?: string[] }): Promise<ReorgResult>
  /** Called after every block connected to the tip (mined, or added by a reorg). Returns the unsubscribe. */
  onBlock(listener: (block: Block) => void): () => void
  saveState(path?: string): Promise<void>
  /** Stops the block timer and the server, and saves the state when `statePath` is set. */
  close(): Promise<void>
}

type SavedState = {
  format: typeof STATE_FORMAT
  genesisHash: string
  faucetKey: string
  funded: string[]
  /** Blocks after genesis, each with its header fields and raw transactions (the coinbase first). */
  blocks: { version: number; time: number; bits: number; nonce: number; hash: string; txs: string[] }[]
  mempool: { hex: string; firstSeen: number }[]
}

async function readState(path: string | undefined): Promise<SavedState | null> {
  const state = await readSavedState<SavedState>(path, STATE_FORMAT, 'Bitcoin')
  if (!state) return null
  if (state.genesisHash !== REGTEST_GENESIS_HASH)
    throw new Error(`${path} holds another chain (genesis ${state.genesisHash})`)
  return state
}

/**
 * The demo's Bitcoin regtest chain: real blocks and transactions on regtest parameters, a UTXO set
 * and a mempool with the checks a node makes (README.md lists them and what is left out), served
 * as the Esplora REST API on 127.0.0.1 (port picked by the OS), with a faucet and a state file.
 */
export async function startBitcoinDevnet(options: BitcoinDevnetOptions = {}): Promise<BitcoinDevnet> {
  const blockIntervalMs = options.blockIntervalMs ?? 10_000
  const saved = await readState(options.statePath)
  const chain = new BitcoinChain()
  const faucetKey = saved ? hexToBytes(saved.faucetKey) : new Uint8Array(randomBytes(32))
  const faucetPayment = p2wpkh(secp256k1.getPublicKey(faucetKey, true), REGTEST)
  const faucetScript = faucetPayment.script
  const funded = new Set(saved?.funded ?? [])
  if (saved) {
    for (const b of saved.blocks) {
      const block = chain.replayBlock({ version: b.version, time: b.time, bits: b.bits, nonce: b.nonce }, b.txs)
      if (block.hash !== b.hash)
        throw new Error(`${options.statePath}: block ${block.height} does not hash to ${b.hash}`)
    }
    for (const t of saved.mempool) {
      try {
        chain.accept(t.hex, t.firstSeen)
      } catch {
        // A saved mempool transaction that no longer fits is dropped, as a node's mempool.dat load does.
      }
    }
  }

  const blockListeners = new Set<(block: Block) => void>()
  const announce = (block: Block) => {
    for (const listener of blockListeners) {
      try {
        listener(block)
      } catch (e) {
        console.error('bitcoin devnet: a block listener failed:', e)
      }
    }
  }

  const scriptOf = (address: string, field: string): Uint8Array => {
    const script = addressScript(address)
    if (!script) throw new Error(`${field}: ${JSON.stringify(address)} is not a regtest address (bcrt1…, m…, n…, 2…)`)
    return script
  }

  function mineNow(n: number, toScript: Uint8Array = faucetScript): Block[] {
    const blocks: Block[] = []
    for (let k = 0; k < n; k++) {
      const block = chain.mineBlock(toScript)
      blocks.push(block)
      announce(block)
    }
    if (blocks.length > 0) saver.schedule()
    return blocks
  }

  function submitNow(rawHex: string): string {
    const { txid } = chain.accept(rawHex)
    saver.schedule()
    return txid
  }

  // The faucet spends its own outputs (confirmed or not; coinbase maturity is not enforced) and
  // mines a block to itself when it runs short, so it never runs dry on a fresh chain.
  function faucetNow(address: string, sats: bigint): string {
    const to = scriptOf(address, 'address')
    if (typeof sats !== 'bigint' || sats <= 0n) throw new Error('sats must be a positive bigint')
    for (let attempt = 0; attempt < 20; attempt++) {
      const utxos = utxoJson(chain, faucetScript).sort((a, b) => b.value - a.value)
      const picked: typeof utxos = []
      let total = 0n
      for (const u of utxos) {
        picked.push(u)
        total += BigInt(u.value)
        if (total >= sats + 1_000n * BigInt(picked.length + 2)) break
      }
      const build = (fee: bigint) => {
        const tx = new Transaction({ version: 2 })
        for (const u of picked) {
          tx.addInput({
            txid: u.txid,
            index: u.vout,
            sequence: 0xfffffffd,
            witnessUtxo: { script: faucetScript, amount: BigInt(u.value) },
          })
        }
        tx.addOutput({ script: to, amount: sats })
        const change = total - sats - fee
        if (change >= 1_000n) tx.addOutput({ script: faucetScript, amount: change })
        tx.sign(faucetKey)
        tx.finalize()
        return tx
      }
      const draftFee = 1_000n * BigInt(picked.length + 2)
      if (picked.length === 0 || total < sats + draftFee) {
        mineNow(1)
        continue
      }
      const draft = build(draftFee)
      const tx = build(BigInt(draft.vsize) * FAUCET_FEE_RATE)
      return submitNow(tx.hex)
    }
    throw new Error(`the faucet cannot pay ${sats} sats (it holds less)`)
  }

  function reorgNow(
    depth: number,
    { dropTxids = [], includeRawTxs = [] }: { dropTxids?: string[]; includeRawTxs?: string[] } = {},
  ): ReorgResult {
    const drop = new Set(dropTxids.map((t) => t.toLowerCase()))
    const { removed, orphanedTxs, previousMempool } = chain.disconnect(depth)
    const candidates = [...orphanedTxs, ...previousMempool]
    const added: Block[] = []
    // The winning transactions first, mined at once, so the old ones that conflict find their inputs spent.
    const refused: string[] = []
    for (const raw of includeRawTxs) {
      try {
        chain.accept(raw)
      } catch (e) {
        refused.push((e as Error).message)
      }
    }
    added.push(chain.mineBlock(faucetScript, undefined, 'mempool'))
    const readded: string[] = []
    const dropped: string[] = []
    for (const tx of candidates) {
      if (drop.has(tx.txid) || chain.txs.has(tx.txid)) {
        if (!chain.txs.has(tx.txid)) dropped.push(tx.txid)
        continue
      }
      try {
        chain.accept(tx.hex)
        readded.push(tx.txid)
      } catch {
        dropped.push(tx.txid)
      }
    }
    for (let k = 0; k < depth; k++) added.push(chain.mineBlock(faucetScript, undefined, 'none'))
    for (const block of added) announce(block)
    saver.schedule()
    if (refused.length > 0) throw new Error(`reorg done, but includeRawTxs were refused: ${refused.join('; ')}`)
    return { removed: removed.map((b) => b.hash), added: added.map((b) => b.hash), readded, dropped }
  }

  // --- HTTP ----------------------------------------------------------------------------------
  function cors(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'content-type')
    res.setHeader('Access-Control-Max-Age', '600')
  }
  const server = createServer((req, res) => {
    cors(req, res)
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // A standard transaction is at most 400,000 weight units: 800 kB of hex is plenty.
      if (size > 1_000_000) return void req.destroy()
      chunks.push(chunk)
    })
    req.on('end', () => {
      let answer
      try {
        answer = answerEsplora(
          chain,
          req.method ?? 'GET',
          req.url ?? '/',
          Buffer.concat(chunks).toString('utf8'),
          submitNow,
        )
      } catch (e) {
        console.error('bitcoin devnet: request failed:', e)
        answer = { status: 500, contentType: 'text/plain', body: 'Internal error' }
      }
      res.writeHead(answer.status, { 'content-type': answer.contentType })
      res.end(req.method === 'HEAD' ? undefined : answer.body)
    })
  })
  const port = await listenOnLoopback(server)

  // --- persistence ---------------------------------------------------------------------------
  const saver = keepStateSaved(options, 'bitcoin devnet', (): SavedState => ({
    format: STATE_FORMAT,
    genesisHash: REGTEST_GENESIS_HASH,
    faucetKey: bytesToHex(faucetKey),
    funded: [...funded],
    blocks: chain.blocks.slice(1).map((b) => ({
      version: b.version,
      time: b.time,
      bits: b.bits,
      nonce: b.nonce,
      hash: b.hash,
      txs: chain.blockTxs(b).map((t) => t.hex),
    })),
    mempool: [...chain.mempool.values()].map((t) => ({ hex: t.hex, firstSeen: t.firstSeen })),
  }))

  let closed = false
  const ticker = blockIntervalMs > 0 ? setInterval(() => mineNow(1), blockIntervalMs) : undefined
  ticker?.unref()

  // A fresh chain starts with one block, so the faucet has a coinbase to spend.
  if (chain.height === 0) mineNow(1)
  const fundings: string[] = []
  for (const address of options.fundAddresses ?? []) {
    if (funded.has(address)) continue
    fundings.push(faucetNow(address, options.fundSats ?? 10n * COIN))
    funded.add(address)
  }
  if (fundings.length > 0) mineNow(1)

  const ensureOpen = () => {
    if (closed) throw new Error('the Bitcoin devnet is closed')
  }

  return {
    esploraUrl: `http://127.0.0.1:${port}`,
    genesisHash: REGTEST_GENESIS_HASH,
    caipNetworkId: `bip122:${REGTEST_GENESIS_HASH.slice(0, 32)}`,
    faucetAddress: faucetPayment.address,
    chain,
    get height() {
      return chain.height
    },
    get tipHash() {
      return chain.tip.hash
    },
    get mempool() {
      return [...chain.mempool.keys()]
    },
    async faucet(address, sats) {
      ensureOpen()
      return faucetNow(address, sats)
    },
    async submit(rawHex) {
      ensureOpen()
      return submitNow(rawHex)
    },
    async mine(n = 1, toAddress) {
      ensureOpen()
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error('mine: n must be an integer 1..1000')
      return mineNow(n, toAddress === undefined ? faucetScript : scriptOf(toAddress, 'toAddress')).map((b) => b.hash)
    },
    async reorg(depth, reorgOptions) {
      ensureOpen()
      return reorgNow(depth, reorgOptions)
    },
    onBlock(listener) {
      blockListeners.add(listener)
      return () => blockListeners.delete(listener)
    },
    saveState: saver.save,
    async close() {
      if (closed) return
      closed = true
      if (ticker) clearInterval(ticker)
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await saver.stopAndFlush()
    },
  }
}
