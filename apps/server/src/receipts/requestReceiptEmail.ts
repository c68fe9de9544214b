import type { ReceiptEmailAnswer } from '@paylink/shared'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { receiptEmails } from '../db/schema.js'
import { ConflictError, LimitError } from '../errors.js'
import { requireLink } from '../links/readLinks.js'
import { countWaitingReceipts, maxWaitingReceiptsPerLink, type ReceiptMailer } from './receiptMailer.js'

/**
 * A payer's "email me the receipt": kept until the link is paid, sent at once when it already is.
 * Refused for an unknown link (404), a link that expired unpaid (409: there will be no receipt),
 * and past a few waiting addresses per link (409).
 */
export async function requestReceiptEmail(
  db: Db,
  mailer: ReceiptMailer,
  linkId: string,
  email: string,
): Promise<ReceiptEmailAnswer> {
  const link = await requireLink(db, linkId)
  if (link.status === 'expired')
    throw new ConflictError('LINK_EXPIRED', 'This link expired unpaid: there is no receipt to send.')
  if ((await countWaitingReceipts(db, linkId)) >= maxWaitingReceiptsPerLink) {
    throw new LimitError(
      'TOO_MANY_RECEIPT_EMAILS',
      `This link already has ${maxWaitingReceiptsPerLink} addresses waiting for its receipt.`,
    )
  }
  await db.insert(receiptEmails).values({ id: newId('rcm'), linkId, email })
  if (link.status !== 'paid') return { status: 'queued' }
  // Paid already: send now, so the answer can say so (a failure is retried by the mailer's loop).
  const sent = await mailer.sendDue().catch(() => 0)
  return { status: sent > 0 ? 'sent' : 'queued' }
}
