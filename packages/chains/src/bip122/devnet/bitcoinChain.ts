import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils'
import { CompactSize, RawTx, Script } from '@scure/btc-signer'
import { encodeHeader, headerHash, merkleRoot, mineHeader, type BlockHeader } from './blockHeader.js'
import { describeScript } from './describeScript.js'
import { COINBASE_TXID, parseTransaction, type ParsedTx, type TxOut } from './parseTransaction.js'
import { blockSubsidy, GENESIS, hexToHash, REGTEST_BITS, REGTEST_GENESIS_HASH, sha256d } from './regtest.js'
import { rejected, TxRejected } from './txRejected.js'
import { verifyInputSignature } from './verifyInputSignature.js'

export type BlockRef = { hash: string; height: number; time: number }

export type Block = BlockHeader & {
  hash: string
  height: number
  txids: string[]
  size: number
  weight: number
  mediantime: number
}

export type StoredTx = ParsedTx & {
  /** Sum of inputs minus sum of outputs (0 for a coinbase). */
  fee: bigint
  /** The block it is in, or undefined while in the mempool. */
  block?: BlockRef
  /** Unix seconds it entered the mempool (or its block time). */
  firstSeen: number
}

export type Spender = { txid: string; vin: number }

/** Policy figures of Bitcoin Core 28 that the devnet applies (policy.h). */
export const POLICY = {
  /** 1 sat/vB: -minrelaytxfee 0.00001 BTC/kvB. */
  minRelayFeeRate: 1n,
  maxStandardTxWeight: 400_000,
  /** The smallest non-witness size Core relays (MIN_STANDARD_TX_NONWITNESS_SIZE). */
  minNonWitnessSize: 65,
  maxBlockWeight: 4_000_000,
  maxOpReturnBytes: 83,
}

/** Dust thresholds at Core's 3 sat/vB dust relay fee (GetDustThreshold). */
export function dustThreshold(script: Uint8Array): bigint | null {
  const { kind } = describeScript(script)
  switch (kind) {
    case 'v0_p2wpkh':
      return 294n
    case 'v1_p2tr':
    case 'v0_p2wsh':
      return 330n
    case 'p2pkh':
      return 546n
    case 'p2sh':
      return 540n
    case 'op_return':
      return 0n
    default:
      return null
  }
}

const signalsRbf = (tx: ParsedTx) => tx.inputs.some((i) => i.sequence < 0xfffffffe)
const outpoint = (txid: string, vout: number) => `${txid}:${vout}`
const hex = (b: Uint8Array) => bytesToHex(b)

/** Bitcoin Core's BTC/kvB figure for a fee over a size, as its replacement messages print it. */
const btcPerKvB = (fee: bigint, vsize: number) => (Number(fee) / vsize / 100_000).toFixed(8)

/**
 * The regtest chain: its blocks (best chain only), the transactions in them and in the mempool,
 * the spent-output and per-script indexes Esplora answers from, and the rules a node applies to
 * a new transaction (see README.md). It does no I/O: startBitcoinDevnet serves and saves it.
 */
export class BitcoinChain {
  readonly blocks: Block[] = []
  readonly blockByHash = new Map<string, Block>()
  /** Blocks a reorg took out of the best chain (kept in memory for /block/:hash, not saved). */
  readonly staleBlocks = new Map<string, Block & { txs: ParsedTx[] }>()
  /** Confirmed and mempool transactions. */
  readonly txs = new Map<string, StoredTx>()
  /** Mempool transactions in the order they entered (parents always before children). */
  readonly mempool = new Map<string, StoredTx>()
  readonly spentBy = new Map<string, Spender>()
  readonly byScript = new Map<string, Set<string>>()
  private extraNonce = 0
  private readonly genesisCoinbase: ParsedTx

  constructor() {
    const coinbase = parseTransaction(GENESIS.coinbaseHex)
    const block = this.makeBlock(GENESIS, 0, [coinbase])
    if (block.hash !== REGTEST_GENESIS_HASH)
      throw new Error('the regtest genesis block does not hash to its known hash')
    // The genesis coinbase is not spendable and not indexed, as in Bitcoin Core.
    this.blocks.push(block)
    this.blockByHash.set(block.hash, block)
    this.genesisCoinbase = coinbase
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1]!
  }
  get height(): number {
    return this.blocks.length - 1
  }

  /** A transaction known to the chain or mempool (the genesis coinbase included). */
  tx(txid: string): StoredTx | ParsedTx | undefined {
    if (txid === this.genesisCoinbase.txid) return this.genesisCoinbase
    return this.txs.get(txid)
  }

  prevout(txid: string, vout: number): TxOut | undefined {
    return this.txs.get(txid)?.outputs[vout]
  }

  /** Transactions of a block of the best chain or a stale one. */
  blockTxs(block: Block): ParsedTx[] {
    const stale = this.staleBlocks.get(block.hash)
    if (stale) return stale.txs
    return block.txids.map((id) => this.tx(id)!)
  }

  blockRaw(block: Block): Uint8Array {
    const txs = this.blockTxs(block).map((t) => hexToBytes(t.hex))
    return concatBytes(encodeHeader(block), compactSize(txs.length), ...txs)
  }

  private medianTimePast(): number {
    const times = this.blocks
      .slice(-11)
      .map((b) => b.time)
      .sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)]!
  }

  private makeBlock(header: BlockHeader, height: number, txs: ParsedTx[]): Block {
    const stripped = 80 + compactSize(txs.length).length + txs.reduce((n, t) => n + t.strippedSize, 0)
    const size = 80 + compactSize(txs.length).length + txs.reduce((n, t) => n + t.size, 0)
    return {
      ...header,
      hash: headerHash(header),
      height,
      txids: txs.map((t) => t.txid),
      size,
      weight: stripped * 3 + size,
      mediantime: this.blocks.length > 0 ? this.medianTimePast() : header.time,
    }
  }

  // --- indexes ---------------------------------------------------------------------------------

  private scriptSet(script: Uint8Array): Set<string> {
    const key = hex(script)
    let set = this.byScript.get(key)
    if (!set) this.byScript.set(key, (set = new Set()))
    return set
  }

  private index(tx: StoredTx) {
    this.txs.set(tx.txid, tx)
    if (!tx.isCoinbase) {
      tx.inputs.forEach((input, vin) => {
        this.spentBy.set(outpoint(input.txid, input.vout), { txid: tx.txid, vin })
        const prev = this.prevout(input.txid, input.vout)
        if (prev) this.scriptSet(prev.script).add(tx.txid)
      })
    }
    for (const o of tx.outputs) this.scriptSet(o.script).add(tx.txid)
  }

  private unindex(tx: StoredTx) {
    if (!tx.isCoinbase) {
      for (const input of tx.inputs) {
        this.spentBy.delete(outpoint(input.txid, input.vout))
        const prev = this.prevout(input.txid, input.vout)
        if (prev) this.byScript.get(hex(prev.script))?.delete(tx.txid)
      }
    }
    for (const o of tx.outputs) this.byScript.get(hex(o.script))?.delete(tx.txid)
    this.txs.delete(tx.txid)
    this.mempool.delete(tx.txid)
  }

  /** The mempool transactions spending `txid`'s outputs, their children, and so on. */
  mempoolDescendants(txid: string): string[] {
    const out: string[] = []
    const queue = [txid]
    const seen = new Set<string>()
    while (queue.length > 0) {
      const id = queue.shift()!
      const tx = this.txs.get(id)
      if (!tx) continue
      tx.outputs.forEach((_, vout) => {
        const spender = this.spentBy.get(outpoint(id, vout))
        if (spender && this.mempool.has(spender.txid) && !seen.has(spender.txid)) {
          seen.add(spender.txid)
          out.push(spender.txid)
          queue.push(spender.txid)
        }
      })
    }
    return out
  }

  // --- mempool acceptance ----------------------------------------------------------------------

  /**
   * Checks a raw transaction as a node does before relaying it (see README.md for the list) and
   * puts it in the mempool, evicting what a BIP-125 replacement replaces. Returns the txid; a
   * transaction already in the mempool is answered with its txid again, as bitcoind does.
   */
  accept(rawHex: string, now = Math.floor(Date.now() / 1000)): { txid: string; replaced: string[] } {
    const tx = parseTransaction(rawHex)
    const known = this.txs.get(tx.txid)
    if (known?.block) throw new TxRejected(-27, 'Transaction already in block chain')
    if (known) return { txid: tx.txid, replaced: [] }

    // Context-free checks (CheckTransaction) and standardness (IsStandardTx).
    if (tx.inputs.length === 0) throw rejected('bad-txns-vin-empty')
    if (tx.outputs.length === 0) throw rejected('bad-txns-vout-empty')
    if (tx.isCoinbase || tx.inputs.some((i) => i.txid === COINBASE_TXID && i.vout === 0xffffffff))
      throw rejected('coinbase')
    const seenInputs = new Set<string>()
    for (const i of tx.inputs) {
      const key = outpoint(i.txid, i.vout)
      if (seenInputs.has(key)) throw rejected('bad-txns-inputs-duplicate')
      seenInputs.add(key)
    }
    let totalOut = 0n
    for (const o of tx.outputs) {
      if (o.value < 0n || o.value > 21_000_000n * 100_000_000n) throw rejected('bad-txns-vout-toolarge')
      totalOut += o.value
    }
    if (tx.version < 1 || tx.version > 3) throw rejected('version')
    if (tx.weight > POLICY.maxStandardTxWeight) throw rejected('tx-size')
    if (tx.strippedSize < POLICY.minNonWitnessSize) throw rejected('tx-size-small')
    let opReturns = 0
    for (const o of tx.outputs) {
      const threshold = dustThreshold(o.script)
      if (threshold === null) throw rejected('scriptpubkey')
      if (describeScript(o.script).kind === 'op_return') {
        if (o.script.length > POLICY.maxOpReturnBytes) throw rejected('scriptpubkey')
        opReturns++
      } else if (o.value < threshold) throw rejected('dust')
    }
    if (opReturns > 1) throw rejected('multi-op-return')
    for (const i of tx.inputs) if (i.scriptSig.length > 1650) throw rejected('scriptsig-size')

    // Finality at the next block (IsFinalTx; BIP68 relative locks are not checked).
    const nextHeight = this.height + 1
    if (tx.locktime !== 0 && tx.inputs.some((i) => i.sequence !== 0xffffffff)) {
      const final = tx.locktime < 500_000_000 ? tx.locktime < nextHeight : tx.locktime < this.medianTimePast()
      if (!final) throw rejected('non-final')
    }

    // Inputs: exist, unspent in the chain, or spent only by mempool transactions (a conflict).
    const prevouts: TxOut[] = []
    const conflicts = new Set<string>()
    for (const i of tx.inputs) {
      const prev = this.prevout(i.txid, i.vout)
      if (!prev) throw new TxRejected(-25, 'bad-txns-inputs-missingorspent')
      const spender = this.spentBy.get(outpoint(i.txid, i.vout))
      if (spender) {
        if (!this.mempool.has(spender.txid)) throw new TxRejected(-25, 'bad-txns-inputs-missingorspent')
        conflicts.add(spender.txid)
      }
      prevouts.push(prev)
    }
    const totalIn = prevouts.reduce((n, p) => n + p.value, 0n)
    if (totalOut > totalIn)
      throw rejected(`bad-txns-in-belowout, value in (${btc(totalIn)}) < value out (${btc(totalOut)})`)
    const fee = totalIn - totalOut
    const minFee = POLICY.minRelayFeeRate * BigInt(tx.vsize)
    if (fee < minFee) throw rejected(`min relay fee not met, ${fee} < ${minFee}`)

    // Every input's signature, against the right sighash.
    for (let n = 0; n < tx.inputs.length; n++) verifyInputSignature(tx, n, prevouts)

    // BIP-125 opt-in replacement (rules 1, 3 and 4 simplified: see README.md).
    const evicted: string[] = []
    if (conflicts.size > 0) {
      for (const id of conflicts) {
        const original = this.mempool.get(id)!
        if (!signalsRbf(original)) throw rejected('txn-mempool-conflict')
      }
      for (const id of conflicts)
        for (const e of [id, ...this.mempoolDescendants(id)]) if (!evicted.includes(e)) evicted.push(e)
      for (const i of tx.inputs) {
        if (evicted.includes(i.txid))
          throw rejected(`bad-txns-spends-conflicting-tx, ${tx.txid} spends conflicting transaction ${i.txid}`)
      }
      for (const id of conflicts) {
        const original = this.mempool.get(id)!
        // Compare feerates without rounding: fee / vsize > fee' / vsize'.
        if (fee * BigInt(original.vsize) <= original.fee * BigInt(tx.vsize)) {
          throw rejected(
            `insufficient fee, rejecting replacement ${tx.txid}; new feerate ${btcPerKvB(fee, tx.vsize)} BTC/kvB <= old feerate ${btcPerKvB(original.fee, original.vsize)} BTC/kvB`,
          )
        }
      }
      const evictedFees = evicted.reduce((n, id) => n + this.mempool.get(id)!.fee, 0n)
      if (fee <= evictedFees)
        throw rejected(
          `insufficient fee, rejecting replacement ${tx.txid}, less fees than conflicting txs; ${btc(fee)} <= ${btc(evictedFees)}`,
        )
      if (fee - evictedFees < minFee) {
        throw rejected(
          `insufficient fee, rejecting replacement ${tx.txid}, not enough additional fees to relay; ${btc(fee - evictedFees)} < ${btc(minFee)}`,
        )
      }
      // Descendants first, so each unindex leaves its parents' indexes right.
      for (const id of [...evicted].reverse()) this.unindex(this.mempool.get(id)!)
    }

    const stored: StoredTx = { ...tx, fee, firstSeen: now }
    this.index(stored)
    this.mempool.set(tx.txid, stored)
    return { txid: tx.txid, replaced: evicted }
  }

  // --- blocks ------------------------------------------------------------------------------------

  /**
   * Mines one block on the tip: a coinbase (BIP34 height, subsidy plus fees to `coinbaseScript`,
   * the BIP141 witness commitment) and the mempool in entry order up to the block weight limit,
   * with a header whose double SHA-256 meets regtest's target.
   */
  mineBlock(
    coinbaseScript: Uint8Array,
    now = Math.floor(Date.now() / 1000),
    include: 'mempool' | 'none' = 'mempool',
  ): Block {
    const height = this.height + 1
    const chosen: StoredTx[] = []
    const chosenIds = new Set<string>()
    let weight = 4000 // room for the header and the coinbase
    if (include === 'mempool') {
      for (const tx of this.mempool.values()) {
        if (weight + tx.weight > POLICY.maxBlockWeight) continue
        // A child whose parent did not fit waits too.
        if (tx.inputs.some((i) => this.mempool.has(i.txid) && !chosenIds.has(i.txid))) continue
        chosen.push(tx)
        chosenIds.add(tx.txid)
        weight += tx.weight
      }
    }
    const fees = chosen.reduce((n, t) => n + t.fee, 0n)
    const witnessRoot = merkleRoot([COINBASE_TXID, ...chosen.map((t) => t.wtxid)])
    const reserved = new Uint8Array(32)
    const commitment = sha256d(hexToHash(witnessRoot), reserved)
    const coinbase = parseTransaction(
      bytesToHex(
        RawTx.encode({
          version: 2,
          segwitFlag: true,
          inputs: [
            {
              txid: new Uint8Array(32),
              index: 0xffffffff,
              // BIP34: the height first; then an extra nonce so no two coinbases share a txid.
              finalScriptSig: Script.encode([height, u32le(this.extraNonce++ >>> 0)]),
              sequence: 0xffffffff,
            },
          ],
          outputs: [
            { amount: blockSubsidy(height) + fees, script: coinbaseScript },
            { amount: 0n, script: concatBytes(Uint8Array.of(0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed), commitment) },
          ],
          witnesses: [[reserved]],
          lockTime: 0,
        }),
      ),
    )
    const txs: ParsedTx[] = [coinbase, ...chosen]
    const time = Math.max(now, this.medianTimePast() + 1)
    const header = mineHeader({
      version: 0x20000000,
      prevHash: this.tip.hash,
      merkleRoot: merkleRoot(txs.map((t) => t.txid)),
      time,
      bits: REGTEST_BITS,
    })
    const block = this.makeBlock(header, height, txs)
    this.connect(block, txs)
    return block
  }

  /** Adds a block to the tip and moves its transactions from the mempool (or in, on a replay) to confirmed. */
  private connect(block: Block, txs: ParsedTx[]) {
    this.blocks.push(block)
    this.blockByHash.set(block.hash, block)
    const ref: BlockRef = { hash: block.hash, height: block.height, time: block.time }
    for (const tx of txs) {
      const pooled = this.mempool.get(tx.txid)
      if (pooled) {
        this.mempool.delete(tx.txid)
        pooled.block = ref
        continue
      }
      const totalIn = tx.isCoinbase
        ? 0n
        : tx.inputs.reduce((n, i) => n + (this.prevout(i.txid, i.vout)?.value ?? 0n), 0n)
      const totalOut = tx.outputs.reduce((n, o) => n + o.value, 0n)
      this.index({ ...tx, fee: tx.isCoinbase ? 0n : totalIn - totalOut, block: ref, firstSeen: block.time })
    }
  }

  /**
   * Rebuilds a saved chain: each block's header and transactions as saved (checked to link to the
   * tip and to match its Merkle root, not re-validated: the file is the devnet's own).
   */
  replayBlock(header: Omit<BlockHeader, 'prevHash' | 'merkleRoot'>, txHexes: string[]): Block {
    const txs = txHexes.map(parseTransaction)
    const full: BlockHeader = { ...header, prevHash: this.tip.hash, merkleRoot: merkleRoot(txs.map((t) => t.txid)) }
    const block = this.makeBlock(full, this.height + 1, txs)
    this.connect(block, txs)
    return block
  }

  /**
   * Takes the last `depth` blocks off the best chain (they stay readable as stale blocks), then
   * rebuilds the indexes from the blocks that remain. Returns the transactions that were in them
   * (coinbases excepted) and the mempool's, in an order where parents come first.
   */
  disconnect(depth: number): { removed: Block[]; orphanedTxs: ParsedTx[]; previousMempool: ParsedTx[] } {
    if (!Number.isInteger(depth) || depth < 1 || depth > this.height)
      throw new Error(`reorg depth must be 1..${this.height}`)
    const removed = this.blocks.slice(this.blocks.length - depth)
    const orphanedTxs: ParsedTx[] = []
    for (const block of removed) {
      const txs = this.blockTxs(block)
      this.staleBlocks.set(block.hash, { ...block, txs })
      orphanedTxs.push(...txs.filter((t) => !t.isCoinbase))
    }
    const previousMempool = [...this.mempool.values()]
    const kept = this.blocks.slice(1, this.blocks.length - depth).map((b) => ({ block: b, txs: this.blockTxs(b) }))
    this.blocks.length = 1
    this.blockByHash.clear()
    this.blockByHash.set(this.blocks[0]!.hash, this.blocks[0]!)
    this.txs.clear()
    this.mempool.clear()
    this.spentBy.clear()
    this.byScript.clear()
    for (const { block, txs } of kept) this.connect(block, txs)
    return { removed, orphanedTxs, previousMempool }
  }
}

/** A bigint of satoshis as bitcoind prints BTC amounts (8 decimals). */
export const btc = (sats: bigint) =>
  `${sats < 0n ? '-' : ''}${(sats < 0n ? -sats : sats) / 100_000_000n}.${((sats < 0n ? -sats : sats) % 100_000_000n).toString().padStart(8, '0')}`

function u32le(n: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n, true)
  return out
}

const compactSize = (n: number): Uint8Array => CompactSize.encode(BigInt(n))
