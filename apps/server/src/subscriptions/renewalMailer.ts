import { randomBytes } from 'node:crypto'
import { isPayerLanguage, type PayerLanguage } from '@paylink/shared'
import { and, eq, ne } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { plans, subscriptionEmails, subscriptionRenewals, subscriptions } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { getLink } from '../links/readLinks.js'
import { failedTry, leaseMails, mailsDue, sentMail } from '../receipts/mailOutbox.js'
import { plainDisplayName } from '../receipts/plainDisplayName.js'
import { escapeHtml } from '../receipts/renderReceiptEmail.js'
import { receiptIntl, type ReceiptMessageId } from '../receipts/receiptCatalogues.js'
import { hashManageToken } from './subscribe.js'

export type RenewalEmailKind = 'renewal' | 'past_due'

export interface RenewalMailerOptions {
  db: Db
  /** smtp:// or smtps:// (SMTP_URL, the receipts' server). */
  smtpUrl: string
  /** The From header (RECEIPT_EMAIL_FROM). */
  from: string
  /** The canonical origin: the mail links to `<origin>/pay/<link>` and `<origin>/subscriptions/<id>?token=`. */
  publicOrigin: string
  /** Tries per e-mail before it is given up (default 5). */
  maxAttempts?: number
}

export interface RenewalMailer {
  /** Sends the renewal e-mails not sent yet; returns how many went out. */
  sendDue(): Promise<number>
  close(): void
}

/** Asks for an e-mail in the caller's transaction: once per renewal and kind, whoever asks again. */
export async function enqueueRenewalEmail(
  tx: Tx | Db,
  renewal: { id: string; subscriptionId: string },
  kind: RenewalEmailKind,
): Promise<void> {
  await tx
    .insert(subscriptionEmails)
    .values({ id: newId('sml'), subscriptionId: renewal.subscriptionId, renewalId: renewal.id, kind })
    .onConflictDoNothing()
}

/**
 * The payer's renewal e-mails: a link to pay the period (pay each period, or a failed pull's
 * fallback) and the past-due reminder, each with the manage link. Rows are claimed FOR UPDATE
 * SKIP LOCKED with a lease, so several processes never send one twice. The manage token is made
 * per e-mail and only its hash kept: the subscribe answer's token is known only to the payer, and
 * Paylink keeps no key that could recover or derive one (a database read never yields a token).
 */
export function createRenewalMailer({
  db,
  smtpUrl,
  from,
  publicOrigin,
  maxAttempts = 5,
}: RenewalMailerOptions): RenewalMailer {
  const transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, socketTimeout: 20_000 })
  const claim = () =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ mail: subscriptionEmails, subscription: subscriptions, renewal: subscriptionRenewals, plan: plans })
        .from(subscriptionEmails)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEmails.subscriptionId))
        .innerJoin(subscriptionRenewals, eq(subscriptionRenewals.id, subscriptionEmails.renewalId))
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(
            mailsDue(subscriptionEmails, maxAttempts),
            // Paid or canceled in the meantime: nothing to ask of the payer any more.
            ne(subscriptionRenewals.status, 'paid'),
            ne(subscriptions.status, 'canceled'),
          ),
        )
        .limit(10)
        .for('update', { of: subscriptionEmails, skipLocked: true })
      await leaseMails(
        tx,
        subscriptionEmails,
        due.map((d) => d.mail.id),
      )
      return due
    })

  return {
    async sendDue() {
      let sent = 0
      for (const { mail, subscription, renewal, plan } of await claim()) {
        try {
          const link = renewal.linkId ? await getLink(db, renewal.linkId) : null
          const token = randomBytes(24).toString('base64url')
          // Valid before the mail leaves, so the payer who opens it at once gets in.
          await db
            .update(subscriptionEmails)
            .set({ manageTokenHash: hashManageToken(token) })
            .where(eq(subscriptionEmails.id, mail.id))
          const written = renderRenewalEmail({
            kind: mail.kind as RenewalEmailKind,
            plan: plainDisplayName(plan.name) ?? plan.id,
            merchant: plainDisplayName(link?.merchant.displayName ?? null) ?? plan.merchantAddress,
            dueAt: renewal.dueAt,
            pullFailed: renewal.pullError !== null,
            payUrl: link ? `${publicOrigin}/pay/${link.id}` : null,
            manageUrl: `${publicOrigin}/subscriptions/${subscription.id}?token=${token}`,
            language: subscription.language && isPayerLanguage(subscription.language) ? subscription.language : 'en',
          })
          await transport.sendMail({ from, to: subscription.email, ...written })
          await db.update(subscriptionEmails).set(sentMail()).where(eq(subscriptionEmails.id, mail.id))
          sent++
        } catch (error) {
          await db.update(subscriptionEmails).set(failedTry(error)).where(eq(subscriptionEmails.id, mail.id))
          throw error
        }
      }
      return sent
    },
    close: () => transport.close(),
  }
}

/** One renewal e-mail in the payer's language (plain text and HTML); plan and merchant names come in plain already. */
export function renderRenewalEmail(mail: {
  kind: RenewalEmailKind
  plan: string
  merchant: string
  dueAt: Date
  pullFailed: boolean
  payUrl: string | null
  manageUrl: string
  language: PayerLanguage
}): { subject: string; text: string; html: string } {
  const intl = receiptIntl(mail.language)
  const t = (id: ReceiptMessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const date = intl.formatDate(mail.dueAt, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
  const names = { plan: mail.plan, merchant: mail.merchant, date }
  const pastDue = mail.kind === 'past_due'
  const subject = t(pastDue ? 'subscriptionPastDueSubject' : 'subscriptionDueSubject', names)
  const paragraphs = [
    t(pastDue ? 'subscriptionPastDue' : 'subscriptionDue', names),
    ...(mail.pullFailed ? [t('subscriptionPullFailed')] : []),
  ]
  const actions = [
    ...(mail.payUrl ? [['subscriptionPay', mail.payUrl] as const] : []),
    ['subscriptionManage', mail.manageUrl] as const,
  ]
  const text = [
    ...paragraphs,
    '',
    ...actions.map(([label, url]) => t('line', { label: t(label), value: url })),
    '',
    t('subscriptionWhy'),
  ].join('\n')
  const html =
    `<!doctype html><html lang="${mail.language}" dir="${mail.language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#111">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    actions.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(t(label))}</a></p>`).join('') +
    `<p style="color:#555">${escapeHtml(t('subscriptionWhy'))}</p></body></html>`
  return { subject, text, html }
}
