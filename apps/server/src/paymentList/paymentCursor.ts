import { RequestValidationError } from '../errors.js'

/** A position in a merchant's payments list: before (older than) this payment. */
export interface PaymentPosition {
  /** Postgres's own text of `created_at` (microseconds): a JS Date would cut it to milliseconds. */
  createdAt: string
  id: string
}

const pattern =
  /^p1\|(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?)\|([a-z]{2,4}_[A-Za-z0-9_-]{1,40})$/

/** Opaque to clients (base64url), so the order's parts can change without breaking their code. */
export function encodePaymentCursor({ createdAt, id }: PaymentPosition): string {
  return Buffer.from(`p1|${createdAt}|${id}`, 'utf8').toString('base64url')
}

/** Reads a cursor this API gave out; anything else is a 400 naming `query.after`. */
export function decodePaymentCursor(cursor: string): PaymentPosition {
  const match = pattern.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  // A day the calendar lacks (2025-02-30) would make Postgres refuse the query: refused here.
  const time = match ? new Date(match[1]!.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')) : null
  if (!match || !time || Number.isNaN(time.getTime()) || !sameDay(time, match[1]!)) {
    throw new RequestValidationError('query.after: is not a cursor this API returned (pass nextCursor as it was given)')
  }
  return { createdAt: match[1]!, id: match[2]! }
}

/** The text's calendar day exists: Date rolls 2025-02-30 over to March, so compare back. */
function sameDay(time: Date, text: string): boolean {
  const offsetText = /([+-])(\d{2})(?::(\d{2}))?$/.exec(text)!
  const offsetMs = (offsetText[1] === '-' ? -1 : 1) * (Number(offsetText[2]) * 60 + Number(offsetText[3] ?? 0)) * 60_000
  return new Date(time.getTime() + offsetMs).toISOString().slice(0, 10) === text.slice(0, 10)
}
