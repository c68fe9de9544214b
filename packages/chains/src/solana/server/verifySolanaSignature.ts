import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'

export interface VerifySolanaSignatureParameters {
  message: string
  /** Base58 ed25519 public key. */
  address: string
  /** 64-byte ed25519 signature, base58 (what Solana wallets return) or padded base64. */
  signature: string
}

/** ed25519 over the UTF-8 message text, strict RFC 8032 (no ZIP-215 leniency). */
export function verifySolanaSignature({ message, address, signature }: VerifySolanaSignatureParameters): boolean {
  const publicKey = decodeBase58(address)
  if (publicKey?.length !== 32) return false
  const bytes = new TextEncoder().encode(message)
  return decodeSignature(signature).some((candidate) => {
    try {
      return ed25519.verify(candidate, bytes, publicKey, { zip215: false })
    } catch {
      return false
    }
  })
}

/** Every 64-byte reading of the text. Both encodings carry the same bytes, so trying both is safe. */
function decodeSignature(text: string): Uint8Array[] {
  const candidates: Uint8Array[] = []
  const fromBase58 = decodeBase58(text)
  if (fromBase58?.length === 64) candidates.push(fromBase58)
  // 64 bytes are 86 base64 characters and "==": the length test keeps base58 text out.
  if (text.length === 88) {
    const fromBase64 = decode(base64, text)
    if (fromBase64?.length === 64) candidates.push(fromBase64)
  }
  return candidates
}

function decodeBase58(text: string): Uint8Array | null {
  return decode(base58, text)
}

/** The bytes, or null where the coder refuses the text. */
function decode(coder: { decode(text: string): Uint8Array }, text: string): Uint8Array | null {
  try {
    return coder.decode(text)
  } catch {
    return null
  }
}
