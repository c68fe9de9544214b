import { secp256k1, schnorr } from '@noble/curves/secp256k1'
import { p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { BitcoinChain } from './bitcoinChain.js'
import { REGTEST } from './regtest.js'
import { TxRejected } from './txRejected.js'

// Chain-level checks, with transactions built and signed by @scure/btc-signer (the HTTP tests use
// bitcoinjs-lib); each key is random, so the chain has never seen it.

function wpkhKey() {
  const key = secp256k1.utils.randomSecretKey()
  const pay = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST)
  return { key, script: pay.script, address: pay.address }
}
function trKey() {
  const key = schnorr.utils.randomSecretKey()
  const pay = p2tr(schnorr.getPublicKey(key), undefined, REGTEST)
  return { key, script: pay.script, address: pay.address, pay }
}
type Key = ReturnType<typeof wpkhKey> | ReturnType<typeof trKey>
type Coin = { txid: string; vout: number; value: bigint; owner: Key }

function build(
  inputs: Coin[],
  outputs: { script: Uint8Array; amount: bigint }[],
  { sequence = 0xfffffffd, lockTime = 0, sighash }: { sequence?: number; lockTime?: number; sighash?: number } = {},
) {
  const tx = new Transaction({ lockTime, allowUnknownOutputs: true })
  for (const c of inputs) {
    tx.addInput({
      txid: c.txid,
      index: c.vout,
      sequence,
      witnessUtxo: { script: c.owner.script, amount: c.value },
      ...('pay' in c.owner ? { tapInternalKey: c.owner.pay.tapInternalKey } : {}),
      ...(sighash === undefined ? {} : { sighashType: sighash }),
    })
  }
  for (const o of outputs) tx.addOutput(o)
  inputs.forEach((c, n) => tx.signIdx(c.owner.key, n, sighash === undefined ? undefined : [sighash]))
  tx.finalize()
  return tx
}

/** A chain with one coinbase paid to a fresh key (coinbase maturity is not enforced). */
function chainWithCoin(kind: 'wpkh' | 'tr' = 'wpkh') {
  const chain = new BitcoinChain()
  const owner = kind === 'wpkh' ? wpkhKey() : trKey()
  const block = chain.mineBlock(owner.script)
  const coinbase = chain.txs.get(block.txids[0]!)!
  return { chain, coin: { txid: coinbase.txid, vout: 0, value: coinbase.outputs[0]!.value, owner } as Coin }
}

/** The sighash types a segwit v0 input signs (BIP143); taproot adds SIGHASH_DEFAULT. */
const segwitSighashes = [
  SigHash.ALL,
  SigHash.NONE,
  SigHash.SINGLE,
  SigHash.ALL_ANYONECANPAY,
  SigHash.NONE_ANYONECANPAY,
  SigHash.SINGLE_ANYONECANPAY,
]

/** The signature of a spend of a fresh `kind` coin signed with `sighash`, once the chain accepted it. */
function acceptedSignature(kind: 'wpkh' | 'tr', sighash: number): Uint8Array {
  const { chain, coin } = chainWithCoin(kind)
  const to = kind === 'wpkh' ? wpkhKey() : trKey()
  const tx = build([coin], [{ script: to.script, amount: coin.value - 1_000n }], { sighash })
  expect(
    reason(() => chain.accept(tx.hex)),
    `${kind} sighash ${sighash}`,
  ).toBe('accepted')
  return chain.txs.get(tx.id)!.inputs[0]!.witness[0]!
}

const reason = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    if (e instanceof TxRejected) return e.reason
    throw e
  }
  return 'accepted'
}

describe('BitcoinChain', () => {
  it('refuses trailing bytes, answers a known mempool transaction with its txid, and a confirmed one with -27', () => {
    const { chain, coin } = chainWithCoin()
    const tx = build([coin], [{ script: wpkhKey().script, amount: coin.value - 1_000n }])
    expect(reason(() => chain.accept(`${tx.hex}00`))).toBe('TX decode failed')
    expect(chain.accept(tx.hex)).toEqual({ txid: tx.id, replaced: [] })
    expect(chain.accept(tx.hex)).toEqual({ txid: tx.id, replaced: [] })
    chain.mineBlock(wpkhKey().script)
    try {
      chain.accept(tx.hex)
      expect.unreachable('a confirmed transaction was accepted again')
    } catch (e) {
      expect((e as TxRejected).code).toBe(-27)
    }
  })

  it('mines a chain of unconfirmed transactions in one block, parents first, and pays their fees to the coinbase', () => {
    const { chain, coin } = chainWithCoin()
    const a = wpkhKey()
    const b = wpkhKey()
    const parent = build([coin], [{ script: a.script, amount: coin.value - 1_000n }])
    chain.accept(parent.hex)
    const child = build(
      [{ txid: parent.id, vout: 0, value: coin.value - 1_000n, owner: a }],
      [{ script: b.script, amount: coin.value - 3_000n }],
    )
    chain.accept(child.hex)
    const block = chain.mineBlock(wpkhKey().script)
    expect(block.txids.slice(1)).toEqual([parent.id, child.id])
    const coinbase = chain.txs.get(block.txids[0]!)!
    expect(coinbase.outputs[0]!.value).toBe(50n * 100_000_000n + 3_000n)
    expect(chain.mempool.size).toBe(0)
  })

  it('refuses a transaction not final at the next block (nLockTime), accepts it at its height', () => {
    const { chain, coin } = chainWithCoin()
    const late = build([coin], [{ script: wpkhKey().script, amount: coin.value - 1_000n }], {
      lockTime: chain.height + 5,
    })
    expect(reason(() => chain.accept(late.hex))).toBe('non-final')
    const now = build([coin], [{ script: wpkhKey().script, amount: coin.value - 1_000n }], { lockTime: chain.height })
    expect(reason(() => chain.accept(now.hex))).toBe('accepted')
  })

  it('refuses a replacement that spends what it replaces, or pays more in total at a lower feerate', () => {
    const { chain, coin } = chainWithCoin()
    const a = wpkhKey()
    const second = wpkhKey()
    // A second coin for the bigger replacement.
    const block = chain.mineBlock(second.script)
    const coin2: Coin = {
      txid: block.txids[0]!,
      vout: 0,
      value: chain.txs.get(block.txids[0]!)!.outputs[0]!.value,
      owner: second,
    }
    const original = build([coin], [{ script: a.script, amount: coin.value - 10_000n }])
    chain.accept(original.hex)
    const spendsIt = build(
      [coin, { txid: original.id, vout: 0, value: coin.value - 10_000n, owner: a }],
      [{ script: wpkhKey().script, amount: 2n * coin.value - 100_000n }],
    )
    expect(reason(() => chain.accept(spendsIt.hex))).toMatch(/^bad-txns-spends-conflicting-tx/)
    // 11,000 sats over two inputs (~178 vB, ~62 sat/vB) against 10,000 over one (~110 vB, ~91 sat/vB).
    const lowerRate = build([coin, coin2], [{ script: wpkhKey().script, amount: coin.value + coin2.value - 11_000n }])
    expect(reason(() => chain.accept(lowerRate.hex))).toMatch(
      /^insufficient fee, rejecting replacement .*new feerate .* <= old feerate/,
    )
    expect([...chain.mempool.keys()]).toEqual([original.id])
  })

  it('verifies P2WPKH signatures of every sighash type the library signs (BIP143)', () => {
    for (const sighash of segwitSighashes) {
      // The signature really carries that type (its last byte).
      expect(acceptedSignature('wpkh', sighash).at(-1)).toBe(sighash)
    }
  })

  it('verifies P2TR key-path signatures of every sighash type the library signs (BIP341)', () => {
    for (const sighash of [SigHash.DEFAULT, ...segwitSighashes]) {
      // SIGHASH_DEFAULT is a bare 64-byte signature; any other type is appended as a 65th byte.
      const signature = acceptedSignature('tr', sighash)
      expect(signature.length === 64 ? 0 : signature.at(-1)).toBe(sighash)
    }
  })

  it('accepts one zero-value OP_RETURN output, refuses two', () => {
    const { chain, coin } = chainWithCoin()
    const opReturn = Uint8Array.of(0x6a, 0x04, 1, 2, 3, 4)
    const two = build(
      [coin],
      [
        { script: wpkhKey().script, amount: coin.value - 1_000n },
        { script: opReturn, amount: 0n },
        { script: opReturn, amount: 0n },
      ],
    )
    expect(reason(() => chain.accept(two.hex))).toBe('multi-op-return')
    const one = build(
      [coin],
      [
        { script: wpkhKey().script, amount: coin.value - 1_000n },
        { script: opReturn, amount: 0n },
      ],
    )
    expect(reason(() => chain.accept(one.hex))).toBe('accepted')
  })

  it('keeps the indexes right across a reorg: the removed block’s spends are undone', () => {
    const { chain, coin } = chainWithCoin()
    const to = wpkhKey()
    const tx = build([coin], [{ script: to.script, amount: coin.value - 1_000n }])
    chain.accept(tx.hex)
    chain.mineBlock(wpkhKey().script)
    expect(chain.spentBy.get(`${coin.txid}:0`)?.txid).toBe(tx.id)
    const { removed, orphanedTxs } = chain.disconnect(1)
    expect(removed).toHaveLength(1)
    expect(orphanedTxs.map((t) => t.txid)).toEqual([tx.id])
    expect(chain.spentBy.has(`${coin.txid}:0`)).toBe(false)
    expect(chain.txs.has(tx.id)).toBe(false)
    expect(chain.staleBlocks.has(removed[0]!.hash)).toBe(true)
  })
})
