import { base58 } from '@scure/base'

/** A base58 string of 32 bytes: an ed25519 public key (or a program-derived address). */
export function isSolanaAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
