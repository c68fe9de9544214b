import { Transaction } from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { headerHash, meetsTarget, merkleRoot, mineHeader } from './blockHeader.js'
import { GENESIS, REGTEST_BITS, REGTEST_GENESIS_HASH } from './regtest.js'

describe('block headers', () => {
  it('hashes the regtest genesis header to its known hash, and it meets its target', () => {
    expect(headerHash(GENESIS)).toBe(REGTEST_GENESIS_HASH)
    expect(meetsTarget(REGTEST_GENESIS_HASH, REGTEST_BITS)).toBe(true)
  })

  it('has the genesis coinbase whose txid is the genesis Merkle root', () => {
    const tx = Transaction.fromRaw(hexToBytes(GENESIS.coinbaseHex), {
      allowUnknownInputs: true,
      allowUnknownOutputs: true,
      disableScriptCheck: true,
    })
    expect(tx.id).toBe(GENESIS.merkleRoot)
    expect(merkleRoot([tx.id])).toBe(GENESIS.merkleRoot)
  })

  it('finds a nonce that meets the regtest target', () => {
    const mined = mineHeader({
      version: 0x20000000,
      prevHash: REGTEST_GENESIS_HASH,
      merkleRoot: GENESIS.merkleRoot,
      time: 1_700_000_000,
      bits: REGTEST_BITS,
    })
    expect(meetsTarget(mined.hash, REGTEST_BITS)).toBe(true)
    expect(headerHash(mined)).toBe(mined.hash)
  })

  it('pairs the last id with itself on odd levels (Bitcoin Merkle tree)', () => {
    const a = 'aa'.repeat(32)
    const b = 'bb'.repeat(32)
    const c = 'cc'.repeat(32)
    expect(merkleRoot([a, b, c])).toBe(merkleRoot([a, b, c, c]))
    expect(merkleRoot([a, b])).not.toBe(merkleRoot([b, a]))
  })
})
