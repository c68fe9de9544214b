import { and, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { receiptEmails, subscriptionEmails } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'

/** The tables of e-mails waiting to be sent: receipts, and the renewal mails of subscriptions. */
type MailOutbox = typeof receiptEmails | typeof subscriptionEmails

/**
 * Mails still to send: not sent, tries left, and held by no process (never leased, or the lease
 * ran out; by the database's clock, so processes with drifting clocks agree).
 */
export function mailsDue(table: MailOutbox, maxAttempts: number): SQL {
  return and(
    isNull(table.sentAt),
    lt(table.attempts, maxAttempts),
    or(isNull(table.leaseUntil), lt(table.leaseUntil, sql`now()`)),
  )!
}

/**
 * Holds the mails just claimed FOR UPDATE SKIP LOCKED for two minutes and counts the try, in the
 * claiming transaction: the mail is sent outside it (no lock held while an SMTP server takes its
 * time), and a process that dies while sending leaves the mail to another once the lease ends.
 */
export async function leaseMails(tx: Tx, table: MailOutbox, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await tx
    .update(table)
    .set({ leaseUntil: sql`now() + interval '2 minutes'`, attempts: sql`${table.attempts} + 1` })
    .where(inArray(table.id, [...ids]))
}

/** A sent mail's row: sent now, held by no process, no error left from an earlier try. */
export const sentMail = () => ({ sentAt: new Date(), leaseUntil: null, lastError: null })

/** A failed try's row: the lease ends at once (the next pass tries again while tries are left), and why it failed. */
export const failedTry = (error: unknown) => ({
  leaseUntil: null,
  lastError: String((error as Error).message ?? error).slice(0, 500),
})
