/**
 * A long key or descriptor shortened for display, keeping what tells keys apart: the script,
 * origin and the key's first characters at the start; its last 8 characters, the derivation
 * suffix and the checksum at the end.
 */
export function shortenKey(key: string): string {
  const start = key.search(/[xtzv]pub/)
  if (start < 0) return key.length <= 40 ? key : `${key.slice(0, 20)}…${key.slice(-16)}`
  const length = key.slice(start).search(/[^1-9A-HJ-NP-Za-km-z]/)
  const end = length < 0 ? key.length : start + length
  if (end - start <= 20) return key
  return `${key.slice(0, start + 10)}…${key.slice(end - 8)}`
}
