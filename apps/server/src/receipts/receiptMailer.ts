import { isPayerLanguage, type Network } from '@paylink/shared'
import { and, eq, isNotNull } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Db } from '../db/openDatabase.js'
import { links, receiptEmails } from '../db/schema.js'
import { getLink } from '../links/readLinks.js'
import { failedTry, leaseMails, mailsDue, sentMail } from './mailOutbox.js'
import { renderReceiptEmail } from './renderReceiptEmail.js'

export interface ReceiptMailerOptions {
  db: Db
  /** smtp:// or smtps:// (SMTP_URL). */
  smtpUrl: string
  /** The From header (RECEIPT_EMAIL_FROM). */
  from: string
  networks: readonly Network[]
  /** The canonical origin: the mail links to `<origin>/pay/<id>`. */
  publicOrigin: string
  /** How often due receipts are looked for (default 1000 ms). */
  intervalMs?: number
  /** Tries per address before it is dropped (default 5). */
  maxAttempts?: number
  onError?: (error: unknown) => void
}

export interface ReceiptMailer {
  /** Sends the receipts whose link is paid; returns how many went out. */
  sendDue(): Promise<number>
  start(): void
  stop(): Promise<void>
}

/**
 * Sends the receipts payers asked for, once their link is paid. Each row is taken FOR UPDATE SKIP
 * LOCKED, so several processes on one database never send one twice; the address is erased once
 * the mail is out (or after the last try).
 */
export function createReceiptMailer({
  db,
  smtpUrl,
  from,
  networks,
  publicOrigin,
  intervalMs = 1000,
  maxAttempts = 5,
  onError,
}: ReceiptMailerOptions): ReceiptMailer {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })

  const claim = () =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: receiptEmails.id,
          linkId: receiptEmails.linkId,
          email: receiptEmails.email,
          language: receiptEmails.language,
          attempts: receiptEmails.attempts,
        })
        .from(receiptEmails)
        .innerJoin(links, eq(links.id, receiptEmails.linkId))
        .where(and(mailsDue(receiptEmails, maxAttempts), isNotNull(receiptEmails.email), eq(links.status, 'paid')))
        .limit(10)
        .for('update', { of: receiptEmails, skipLocked: true })
      await leaseMails(
        tx,
        receiptEmails,
        due.map((d) => d.id),
      )
      return due
    })

  const sendDue = async () => {
    let sent = 0
    for (const row of await claim()) {
      const link = await getLink(db, row.linkId)
      if (!link) continue
      const language = row.language && isPayerLanguage(row.language) ? row.language : 'en'
      const mail = renderReceiptEmail(link, networks, `${publicOrigin}/pay/${link.id}`, language)
      try {
        await transport.sendMail({ from, to: row.email!, subject: mail.subject, text: mail.text, html: mail.html })
        await db
          .update(receiptEmails)
          .set({ ...sentMail(), email: null })
          .where(eq(receiptEmails.id, row.id))
        sent++
      } catch (error) {
        const last = row.attempts + 1 >= maxAttempts
        await db
          .update(receiptEmails)
          .set({ ...failedTry(error), ...(last ? { email: null } : {}) })
          .where(eq(receiptEmails.id, row.id))
        onError?.(error)
      }
    }
    return sent
  }

  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    running = sendDue()
      .catch((error) => onError?.(error))
      .finally(() => {
        if (timer) timer = setTimeout(tick, intervalMs)
      })
  }
  return {
    sendDue,
    start() {
      if (timer) return
      timer = setTimeout(tick, intervalMs)
    },
    async stop() {
      if (timer) clearTimeout(timer)
      timer = null
      await running
      transport.close()
    },
  }
}
