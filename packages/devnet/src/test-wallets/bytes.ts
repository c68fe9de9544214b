import { bytesToHex, hexToBytes as nobleHexToBytes } from '@noble/hashes/utils'

/** Byte helpers shared by the browser test wallets (no Buffer: plain Uint8Array). */
export { bytesToHex }

/** Hex (with or without 0x) to bytes. */
export function hexToBytes(hex: string): Uint8Array {
  return nobleHexToBytes(hex.startsWith('0x') ? hex.slice(2) : hex)
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!)
  return btoa(binary)
}
