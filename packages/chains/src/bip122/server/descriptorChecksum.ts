import { checksum } from '@bitcoinerlab/descriptors'

/**
 * BIP380 output descriptor checksums: 8 characters after `#` that catch typos in a pasted
 * descriptor, computed by @bitcoinerlab/descriptors (a port of Bitcoin Core's). Null when the
 * descriptor holds a character descriptors never do (the library answers '').
 */
export function descriptorChecksum(descriptor: string): string | null {
  return checksum(descriptor) || null
}
