// Crockford's base32: no I, L, O or U, so a number read aloud or typed is not misread.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A receipt number people can read out, `PL-XXXX-XXXX`, from the first 40 bits of a digest of the
 * link id (the caller hashes: SHA-256 on the server). Stable: the same link always has the same
 * number; it tells nothing about the link id, which is the link's only secret.
 */
export function receiptNumber(digest: Uint8Array): string {
  if (digest.length < 5) throw new RangeError('receiptNumber needs at least 5 bytes of digest')
  let bits = 0n
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(digest[i]!)
  let text = ''
  for (let i = 7; i >= 0; i--) text += alphabet[Number((bits >> BigInt(5 * i)) & 31n)]
  return `PL-${text.slice(0, 4)}-${text.slice(4)}`
}
