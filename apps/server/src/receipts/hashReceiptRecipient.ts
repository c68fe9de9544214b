import { createHash } from 'node:crypto'

/**
 * What is kept of a receipt's address once it is erased: a SHA-256 of the link id and the
 * address (trimmed, lowercase), enough to count a link's recipients and to know an address asked
 * twice, and useless for matching one address across links.
 */
export function hashReceiptRecipient(linkId: string, email: string): string {
  return createHash('sha256').update(`${linkId}\n${email.trim().toLowerCase()}`).digest('hex')
}
