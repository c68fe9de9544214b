import { hexToHash, hashToHex, sha256d } from './regtest.js'

export type BlockHeader = {
  version: number
  /** Display-order hex, like every hash the devnet shows. */
  prevHash: string
  merkleRoot: string
  time: number
  bits: number
  nonce: number
}

/** The 80-byte header as it is hashed and sent on the wire. */
export function encodeHeader(h: BlockHeader): Uint8Array {
  const out = new Uint8Array(80)
  const view = new DataView(out.buffer)
  view.setInt32(0, h.version, true)
  out.set(hexToHash(h.prevHash), 4)
  out.set(hexToHash(h.merkleRoot), 36)
  view.setUint32(68, h.time, true)
  view.setUint32(72, h.bits, true)
  view.setUint32(76, h.nonce, true)
  return out
}

export const headerHash = (h: BlockHeader): string => hashToHex(sha256d(encodeHeader(h)))

/** The 256-bit target a compact `bits` value stands for. */
export function targetFromBits(bits: number): bigint {
  const exponent = bits >>> 24
  const mantissa = BigInt(bits & 0x007fffff)
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3))
}

export const meetsTarget = (hash: string, bits: number): boolean => BigInt(`0x${hash}`) <= targetFromBits(bits)

/** Searches the nonce until the header's double SHA-256 meets its target (about two tries on regtest). */
export function mineHeader(h: Omit<BlockHeader, 'nonce'>): BlockHeader & { hash: string } {
  for (let nonce = 0; nonce <= 0xffffffff; nonce++) {
    const header = { ...h, nonce }
    const hash = headerHash(header)
    if (meetsTarget(hash, h.bits)) return { ...header, hash }
  }
  throw new Error('no nonce meets the target; change the time and retry')
}

/** The Merkle root of display-order ids (txids, or wtxids for the witness commitment). */
export function merkleRoot(ids: string[]): string {
  if (ids.length === 0) throw new Error('a block has at least its coinbase')
  let level = ids.map(hexToHash)
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(level[i]!, level[i + 1] ?? level[i]!))
    level = next
  }
  return hashToHex(level[0]!)
}

/** Difficulty relative to the mainnet minimum (Esplora's `difficulty`); regtest's is about 4.66e-10. */
export const difficulty = (bits: number): number => Number(targetFromBits(0x1d00ffff)) / Number(targetFromBits(bits))
