import { RequestValidationError } from '../errors.js'

/** A position in a merchant's events feed: after the event with this (transaction id, sequence). */
export interface EventPosition {
  txId: bigint
  seq: bigint
}

const version = 'e1'

/** Opaque to clients (base64url), so the order's parts can change without breaking their code. */
export function encodeEventCursor({ txId, seq }: EventPosition): string {
  return Buffer.from(`${version}.${txId}.${seq}`, 'utf8').toString('base64url')
}

/** Reads a cursor this API gave out; anything else is a 400 naming `query.after`. */
export function decodeEventCursor(cursor: string): EventPosition {
  const match = /^e1\.(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  const txId = match ? BigInt(match[1]!) : -1n
  const seq = match ? BigInt(match[2]!) : -1n
  const maxBigint = 2n ** 63n - 1n
  if (!match || txId > maxBigint || seq > maxBigint)
    throw new RequestValidationError('query.after: is not a cursor this API returned (pass nextCursor as it was given)')
  return { txId, seq }
}
