import type { PayerLanguage, ReceiptEmailAnswer } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { links, receiptEmails } from '../db/schema.js'
import { ConflictError, LimitError } from '../errors.js'
import { requireLink } from '../links/readLinks.js'
import { hashReceiptRecipient } from './hashReceiptRecipient.js'
import type { ReceiptMailer } from './receiptMailer.js'

/** Distinct addresses one link's receipt ever goes to, sent ones included: a payer's typo and its fix, not a mailing list. */
export const maxReceiptRecipientsPerLink = 3
/** The same address asked again within this window is answered as before, without another mail. */
export const receiptRepeatWindowMs = 60 * 60 * 1000

/**
 * A payer's "email me the receipt": kept until the link is paid, sent at once when it already is.
 * Anyone with the link's id can ask, so the link's receipt goes to at most
 * `maxReceiptRecipientsPerLink` addresses ever (counted by a hash kept after the address is
 * erased), and the same address asked again within the hour gets no second mail. Refused for an
 * unknown link (404), a link whose merchant turned receipt mail off or that expired unpaid (409),
 * and past the recipients cap (409). The mail is written in `language`, the payer's page's.
 */
export async function requestReceiptEmail(
  db: Db,
  mailer: ReceiptMailer,
  linkId: string,
  email: string,
  language: PayerLanguage = 'en',
  now: () => Date = () => new Date(),
): Promise<ReceiptEmailAnswer> {
  const link = await requireLink(db, linkId)
  if (!link.receiptEmail)
    throw new ConflictError('RECEIPT_EMAIL_OFF_FOR_LINK', "This link's merchant sends no email receipts for it.")
  if (link.status === 'expired')
    throw new ConflictError('LINK_EXPIRED', 'This link expired unpaid: there is no receipt to send.')
  const emailHash = hashReceiptRecipient(linkId, email)
  const at = now()
  const repeated = await db.transaction(async (tx) => {
    // The link's row lock: two requests at once cannot both take the last free recipient.
    await tx.select({ id: links.id }).from(links).where(eq(links.id, linkId)).for('no key update')
    const asked = await tx
      .select({
        id: receiptEmails.id,
        emailHash: receiptEmails.emailHash,
        createdAt: receiptEmails.createdAt,
        sentAt: receiptEmails.sentAt,
      })
      .from(receiptEmails)
      .where(eq(receiptEmails.linkId, linkId))
    const same = asked.filter((row) => row.emailHash === emailHash)
    const recent = same.find((row) => at.getTime() - row.createdAt.getTime() < receiptRepeatWindowMs)
    if (recent) return recent
    // Rows from before the hash was kept count as one recipient each.
    const recipients = new Set(asked.map((row) => row.emailHash ?? row.id))
    if (same.length === 0 && recipients.size >= maxReceiptRecipientsPerLink) {
      throw new LimitError(
        'TOO_MANY_RECEIPT_EMAILS',
        `This link's receipt was already asked for by ${maxReceiptRecipientsPerLink} addresses, the most one link's receipt goes to.`,
      )
    }
    await tx.insert(receiptEmails).values({ id: newId('rcm'), linkId, email, emailHash, language, createdAt: at })
    return null
  })
  if (repeated) return { status: repeated.sentAt ? 'sent' : 'queued' }
  if (link.status !== 'paid') return { status: 'queued' }
  // Paid already: send now, so the answer can say so (a failure is retried by the mailer's loop).
  const sent = await mailer.sendDue().catch(() => 0)
  return { status: sent > 0 ? 'sent' : 'queued' }
}
