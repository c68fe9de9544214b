import { base58 } from '@scure/base'

/** The 32 bytes of a base58 Solana public key (an address, a mint, a reference), or null when it is not one. */
export function decodeSolanaPublicKey(value: string): Uint8Array | null {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return null
  try {
    const bytes = base58.decode(value)
    return bytes.length === 32 ? bytes : null
  } catch {
    return null
  }
}
