/**
 * A long key or descriptor shortened for display, keeping what tells keys apart: the script
 * and origin at the start, the key's last characters and the checksum at the end.
 */
export function shortenKey(key: string, keep = 14): string {
  if (key.length <= keep * 2 + 1) return key
  const start = key.indexOf('pub')
  const head = start >= 0 ? key.slice(0, start + 3 + 6) : key.slice(0, keep)
  return `${head}…${key.slice(-(keep + 4))}`
}
