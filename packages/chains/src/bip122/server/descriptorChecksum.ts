/**
 * BIP380 output descriptor checksums: 8 characters after `#` that catch typos in a pasted
 * descriptor (a BCH code over the descriptor's characters, as Bitcoin Core computes it). Not
 * cryptography: an error-detecting code, written from the BIP's reference algorithm.
 */
const inputCharset = '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ '
const checksumCharset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const generator = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn]

/** The 8-character checksum of a descriptor (without its `#`), or null when it holds a character descriptors never do. */
export function descriptorChecksum(descriptor: string): string | null {
  const symbols: number[] = []
  let groups: number[] = []
  for (const character of descriptor) {
    const value = inputCharset.indexOf(character)
    if (value < 0) return null
    symbols.push(value & 31)
    groups.push(value >> 5)
    if (groups.length === 3) {
      symbols.push(groups[0]! * 9 + groups[1]! * 3 + groups[2]!)
      groups = []
    }
  }
  if (groups.length === 1) symbols.push(groups[0]!)
  if (groups.length === 2) symbols.push(groups[0]! * 3 + groups[1]!)
  symbols.push(0, 0, 0, 0, 0, 0, 0, 0)
  let c = 1n
  for (const symbol of symbols) {
    const top = c >> 35n
    c = ((c & 0x7ffffffffn) << 5n) ^ BigInt(symbol)
    for (let i = 0; i < 5; i++) if ((top >> BigInt(i)) & 1n) c ^= generator[i]!
  }
  c ^= 1n
  let checksum = ''
  for (let i = 0; i < 8; i++) checksum += checksumCharset[Number((c >> BigInt(5 * (7 - i))) & 31n)]
  return checksum
}
