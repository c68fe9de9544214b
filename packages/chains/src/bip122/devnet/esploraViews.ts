import { bytesToHex } from '@noble/hashes/utils'
import type { BitcoinChain, Block, StoredTx } from './bitcoinChain.js'
import { difficulty } from './blockHeader.js'
import { describeScript, scriptAsm } from './describeScript.js'
import type { ParsedTx, TxOut } from './parseTransaction.js'

// Esplora's JSON shapes (Blockstream/esplora API.md, "Transaction format" and "Block format").
// Amounts are satoshi numbers, as Esplora sends them: every regtest amount is below 2^53.

const bigMax = (a: bigint, b: bigint) => (a > b ? a : b)

export type EsploraStatus = { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }

export function txStatus(tx: StoredTx | ParsedTx): EsploraStatus {
  const block = 'block' in tx ? tx.block : undefined
  return block
    ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time }
    : { confirmed: false }
}

export function voutJson(o: TxOut) {
  const { kind, address } = describeScript(o.script)
  return {
    scriptpubkey: bytesToHex(o.script),
    scriptpubkey_asm: scriptAsm(o.script),
    scriptpubkey_type: kind,
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(o.value),
  }
}

/** A transaction as `GET /tx/:txid` answers it; `status` from the chain (a stale block's txs show unconfirmed). */
export function txJson(chain: BitcoinChain, tx: StoredTx | ParsedTx) {
  const known = chain.txs.get(tx.txid)
  // A stale block's transaction that is no longer known: its fee from the prevouts still known, else 0.
  const fee = known
    ? known.fee
    : tx.isCoinbase
      ? 0n
      : bigMax(
          0n,
          tx.inputs.reduce((n, i) => n + (chain.prevout(i.txid, i.vout)?.value ?? 0n), 0n) -
            tx.outputs.reduce((n, o) => n + o.value, 0n),
        )
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.inputs.map((i) => {
      const prevout = tx.isCoinbase ? undefined : chain.prevout(i.txid, i.vout)
      return {
        txid: i.txid,
        vout: i.vout,
        prevout: prevout ? voutJson(prevout) : null,
        scriptsig: bytesToHex(i.scriptSig),
        scriptsig_asm: scriptAsm(i.scriptSig),
        ...(i.witness.length > 0 ? { witness: i.witness.map(bytesToHex) } : {}),
        is_coinbase: tx.isCoinbase,
        sequence: i.sequence,
      }
    }),
    vout: tx.outputs.map(voutJson),
    size: tx.size,
    weight: tx.weight,
    fee: Number(fee),
    status: known ? txStatus(known) : { confirmed: false },
  }
}

export function blockJson(block: Block) {
  return {
    id: block.hash,
    height: block.height,
    version: block.version,
    timestamp: block.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: block.merkleRoot,
    previousblockhash: block.height === 0 ? null : block.prevHash,
    mediantime: block.mediantime,
    nonce: block.nonce,
    bits: block.bits,
    difficulty: difficulty(block.bits),
  }
}

export function blockStatusJson(chain: BitcoinChain, hash: string) {
  const block = chain.blockByHash.get(hash)
  if (!block) return { in_best_chain: false }
  const next = chain.blocks[block.height + 1]
  return { in_best_chain: true, height: block.height, next_best: next ? next.hash : null }
}

type Stats = {
  tx_count: number
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
}

/** `GET /address/:a`: chain_stats and mempool_stats of the script. */
export function addressJson(chain: BitcoinChain, address: string, script: Uint8Array) {
  const key = bytesToHex(script)
  const chainStats: Stats = {
    tx_count: 0,
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
  }
  const mempoolStats: Stats = { ...chainStats }
  for (const txid of chain.byScript.get(key) ?? []) {
    const tx = chain.txs.get(txid)!
    const stats = tx.block ? chainStats : mempoolStats
    stats.tx_count++
    for (const o of tx.outputs) {
      if (bytesToHex(o.script) !== key) continue
      stats.funded_txo_count++
      stats.funded_txo_sum += Number(o.value)
    }
    if (tx.isCoinbase) continue
    for (const i of tx.inputs) {
      const prev = chain.prevout(i.txid, i.vout)
      if (!prev || bytesToHex(prev.script) !== key) continue
      stats.spent_txo_count++
      stats.spent_txo_sum += Number(prev.value)
    }
  }
  return { address, chain_stats: chainStats, mempool_stats: mempoolStats }
}

/** The script's transactions, newest first: mempool (newest entry first), then by height and block position. */
export function scriptTxs(chain: BitcoinChain, script: Uint8Array): { mempool: StoredTx[]; confirmed: StoredTx[] } {
  const txs = [...(chain.byScript.get(bytesToHex(script)) ?? [])].map((id) => chain.txs.get(id)!)
  const mempoolOrder = new Map([...chain.mempool.keys()].map((id, n) => [id, n]))
  const mempool = txs.filter((t) => !t.block).sort((a, b) => mempoolOrder.get(b.txid)! - mempoolOrder.get(a.txid)!)
  const positions = new Map(
    txs.filter((t) => t.block).map((t) => [t.txid, chain.blocks[t.block!.height]!.txids.indexOf(t.txid)]),
  )
  const confirmed = txs
    .filter((t) => t.block)
    .sort((a, b) => b.block!.height - a.block!.height || positions.get(b.txid)! - positions.get(a.txid)!)
  return { mempool, confirmed }
}

/** `GET /address/:a/utxo`: unspent outputs, confirmed or not, not spent by the mempool either. */
export function utxoJson(chain: BitcoinChain, script: Uint8Array) {
  const key = bytesToHex(script)
  const out: { txid: string; vout: number; status: ReturnType<typeof txStatus>; value: number }[] = []
  for (const txid of chain.byScript.get(key) ?? []) {
    const tx = chain.txs.get(txid)!
    tx.outputs.forEach((o, vout) => {
      if (bytesToHex(o.script) !== key || chain.spentBy.has(`${txid}:${vout}`)) return
      out.push({ txid, vout, status: txStatus(tx), value: Number(o.value) })
    })
  }
  return out
}

/** `GET /tx/:txid/outspends`: per output, whether and by what it is spent. */
export function outspendsJson(chain: BitcoinChain, tx: StoredTx) {
  return tx.outputs.map((_, vout) => {
    const spender = chain.spentBy.get(`${tx.txid}:${vout}`)
    if (!spender) return { spent: false }
    return { spent: true, txid: spender.txid, vin: spender.vin, status: txStatus(chain.txs.get(spender.txid)!) }
  })
}

/** `GET /mempool`: backlog statistics with Electrum's fee histogram (feerate, vsize) from the highest rate down. */
export function mempoolJson(chain: BitcoinChain) {
  const txs = [...chain.mempool.values()]
  const byRate = txs.map((t) => ({ rate: Number(t.fee) / t.vsize, vsize: t.vsize })).sort((a, b) => b.rate - a.rate)
  const histogram: [number, number][] = []
  for (const { rate, vsize } of byRate) {
    const last = histogram[histogram.length - 1]
    if (last && Math.abs(last[0] - rate) < 1e-9) last[1] += vsize
    else histogram.push([Number(rate.toFixed(3)), vsize])
  }
  return {
    count: txs.length,
    vsize: txs.reduce((n, t) => n + t.vsize, 0),
    total_fee: Number(txs.reduce((n, t) => n + t.fee, 0n)),
    fee_histogram: histogram,
  }
}
