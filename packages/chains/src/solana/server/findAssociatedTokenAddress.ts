import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { decodeSolanaPublicKey } from './solanaPublicKey.js'

export const tokenProgramId = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const associatedTokenProgramId = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

/**
 * The associated token account of `owner` for `mint` (SPL Token program): where a Solana Pay
 * transfer of that token to `owner` goes. The program-derived address of the seeds [owner,
 * token program, mint] under the Associated Token program: sha256 of the seeds, a bump byte
 * (255 down), the program id and "ProgramDerivedAddress", the first result off the ed25519
 * curve. Not yet @solana-program/token's findAssociatedTokenPda: it is async (WebCrypto) and the
 * matcher that calls this is a synchronous pure function; making it async is its own change (#28).
 */
export function findAssociatedTokenAddress(owner: string, mint: string): string {
  const seeds = [decodeSolanaPublicKey(owner), decodeSolanaPublicKey(tokenProgramId), decodeSolanaPublicKey(mint)]
  if (seeds.some((seed) => seed === null)) throw new TypeError(`not a Solana public key: ${owner} / ${mint}`)
  const programId = decodeSolanaPublicKey(associatedTokenProgramId)!
  for (let bump = 255; bump >= 0; bump--) {
    const hash = createHash('sha256')
    for (const seed of seeds) hash.update(seed!)
    const candidate = hash.update(Uint8Array.of(bump)).update(programId).update('ProgramDerivedAddress').digest()
    if (!isOnCurve(candidate)) return base58.encode(candidate)
  }
  throw new Error(`no associated token address for ${owner} / ${mint}`)
}

function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromHex(bytes)
    return true
  } catch {
    return false
  }
}
