import { Block, crypto } from 'bitcoinjs-lib'
// The Merkle function Block.calculateMerkleRoot runs, taken alone: the devnet keeps ids, not transaction objects.
import { fastMerkleRoot } from 'bitcoinjs-lib/src/merkle.js'
import { hashToHex, hexToHash } from './regtest.js'

export type BlockHeader = {
  version: number
  /** Display-order hex, like every hash the devnet shows. */
  prevHash: string
  merkleRoot: string
  time: number
  bits: number
  nonce: number
}

function headerBlock(h: BlockHeader): Block {
  const block = new Block()
  block.version = h.version
  block.prevHash = Buffer.from(hexToHash(h.prevHash))
  block.merkleRoot = Buffer.from(hexToHash(h.merkleRoot))
  block.timestamp = h.time
  block.bits = h.bits
  block.nonce = h.nonce
  return block
}

/** The 80-byte header as it is hashed and sent on the wire. */
export const encodeHeader = (h: BlockHeader): Uint8Array => new Uint8Array(headerBlock(h).toBuffer(true))

export const headerHash = (h: BlockHeader): string => headerBlock(h).getId()

/** Whether the header's double SHA-256 meets the target its `bits` stand for. */
export const hasProofOfWork = (h: BlockHeader): boolean => headerBlock(h).checkProofOfWork()

/** Searches the nonce until the header's double SHA-256 meets its target (about two tries on regtest). */
export function mineHeader(h: Omit<BlockHeader, 'nonce'>): BlockHeader & { hash: string } {
  const block = headerBlock({ ...h, nonce: 0 })
  for (let nonce = 0; nonce <= 0xffffffff; nonce++) {
    block.nonce = nonce
    if (block.checkProofOfWork()) return { ...h, nonce, hash: block.getId() }
  }
  throw new Error('no nonce meets the target; change the time and retry')
}

/** The Merkle root of display-order ids (txids, or wtxids for the witness commitment). */
export function merkleRoot(ids: string[]): string {
  if (ids.length === 0) throw new Error('a block has at least its coinbase')
  return hashToHex(
    fastMerkleRoot(
      ids.map((id) => Buffer.from(hexToHash(id))),
      crypto.hash256,
    ),
  )
}

const targetOf = (bits: number): bigint => BigInt(`0x${Block.calculateTarget(bits).toString('hex')}`)

/** Difficulty relative to the mainnet minimum (Esplora's `difficulty`); regtest's is about 4.66e-10. */
export const difficulty = (bits: number): number => Number(targetOf(0x1d00ffff)) / Number(targetOf(bits))
