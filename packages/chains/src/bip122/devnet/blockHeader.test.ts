import { Transaction } from '@scure/btc-signer'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { difficulty, encodeHeader, hasProofOfWork, headerHash, merkleRoot, mineHeader } from './blockHeader.js'
import { GENESIS, REGTEST_BITS, REGTEST_GENESIS_HASH } from './regtest.js'

describe('block headers', () => {
  it('hashes the regtest genesis header to its known hash, and it meets its target', () => {
    expect(headerHash(GENESIS)).toBe(REGTEST_GENESIS_HASH)
    expect(hasProofOfWork(GENESIS)).toBe(true)
    expect(hasProofOfWork({ ...GENESIS, bits: 0x1d00ffff })).toBe(false)
    // Version, then the hashes in internal (reversed) order, then time, bits and nonce, little-endian.
    expect(bytesToHex(encodeHeader(GENESIS))).toBe(
      '01000000' +
        '00'.repeat(32) +
        '3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a' +
        'dae5494d' +
        'ffff7f20' +
        '02000000',
    )
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
    expect(hasProofOfWork(mined)).toBe(true)
    expect(headerHash(mined)).toBe(mined.hash)
  })

  it('pairs the last id with itself on odd levels (Bitcoin Merkle tree)', () => {
    const a = 'aa'.repeat(32)
    const b = 'bb'.repeat(32)
    const c = 'cc'.repeat(32)
    expect(merkleRoot([a, b, c])).toBe(merkleRoot([a, b, c, c]))
    expect(merkleRoot([a, b])).not.toBe(merkleRoot([b, a]))
  })

  it('gives the difficulty Esplora shows: 1 at the mainnet minimum, about 4.66e-10 on regtest', () => {
    expect(difficulty(0x1d00ffff)).toBe(1)
    expect(difficulty(REGTEST_BITS)).toBeCloseTo(4.656542373906925e-10, 20)
  })
})
