import { receiptNumber } from '@paylink/shared'
import { createHash } from 'node:crypto'

/** The link's receipt number (`PL-XXXX-XXXX`), from a SHA-256 of its id: stable, and it gives nothing of the id away. */
export function receiptNumberOfLink(linkId: string): string {
  return receiptNumber(createHash('sha256').update(linkId).digest())
}
