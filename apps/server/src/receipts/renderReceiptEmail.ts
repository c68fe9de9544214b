import { formatAmount, localizeDecimal, parseUnits, type Link, type Network, type PayerLanguage } from '@paylink/shared'
import { plainDisplayName } from './plainDisplayName.js'
import { receiptIntl, type ReceiptMessageId } from './receiptCatalogues.js'

export interface ReceiptEmail {
  subject: string
  text: string
  html: string
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Amounts and addresses read left to right in a right-to-left mail too. */
const ltr = (text: string) => `<span dir="ltr">${escapeHtml(text)}</span>`

/**
 * The payer's receipt as an email (plain text and HTML): receipt number, merchant (a short plain
 * name; the link's title only in the HTML part, escaped), amount with
 * its unit (for people, and exact), network, full transaction id with the explorer's page when
 * the network has one, date and payer. Only the payments that count (confirmed, not late).
 * Written in the payer's language: words from its catalogue, the date through Intl, amounts with
 * the locale's separators and every digit kept.
 */
export function renderReceiptEmail(
  link: Link,
  networks: readonly Network[],
  payUrl: string,
  language: PayerLanguage = 'en',
): ReceiptEmail {
  const intl = receiptIntl(language)
  const t = (id: ReceiptMessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const amountOf = (text: string) => localizeDecimal(text, intl.locale)
  // Merchant-written text reaches the Subject and the text part only as a short plain name.
  const merchant = plainDisplayName(link.merchant.displayName) ?? link.merchantAddress
  const counted = link.payments.filter((p) => p.status === 'confirmed' && !p.late)
  const lines = counted.map((p) => {
    const option = link.options.find((o) => o.id === p.optionId)
    const network = networks.find((n) => n.caipNetworkId === p.caipNetworkId)
    const written = p.amount && option ? formatAmount(parseUnits(p.amount, option.decimals), option.decimals) : null
    const amount = written && option ? `${amountOf(written)} ${option.symbol}` : t('anAmount')
    const exact =
      written && option && written.replace(/,/g, '') !== p.amount
        ? ` (${t('exactly', { amount: `${amountOf(p.amount!)} ${option.symbol}` })})`
        : ''
    // The same rule as the web app's explorerUrl(): `<blockExplorerUrl>/tx/<id>`.
    const explorer = network?.blockExplorerUrl
      ? `${network.blockExplorerUrl.replace(/\/+$/, '')}/tx/${encodeURIComponent(p.txHash)}`
      : null
    return {
      amount: amount + exact,
      network: network?.name ?? p.caipNetworkId,
      txHash: p.txHash,
      explorer,
      payer: p.payer,
      date: p.confirmedAt ?? link.paidAt,
    }
  })
  const paidAt = link.paidAt ? new Date(link.paidAt) : null
  const date = paidAt
    ? intl.formatDate(paidAt, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      })
    : '—'
  const total = lines.map((l) => l.amount).join(' + ')
  const heading = t('heading', { number: link.receiptNumber })
  const subject = t('subject', { number: link.receiptNumber, total, merchant })
  const line = (label: ReceiptMessageId, value: string) => t('line', { label: t(label), value })
  const text = [
    heading,
    '',
    line('paidTo', merchant),
    line('date', date),
    ...lines.flatMap((l) => [
      '',
      line('amount', l.amount),
      line('network', l.network),
      line('transaction', l.txHash),
      ...(l.explorer ? [line('explorer', l.explorer)] : []),
      ...(l.payer ? [line('from', l.payer)] : []),
    ]),
    '',
    line('online', payUrl),
    t('why'),
  ].join('\n')
  const row = (label: ReceiptMessageId, value: string) =>
    `<tr><th style="text-align:start;padding-block:4px;padding-inline:0 12px">${escapeHtml(t(label))}</th><td style="padding:4px 0;font-family:monospace;word-break:break-all">${value}</td></tr>`
  const html =
    `<!doctype html><html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>` +
    `<table>${row('paidTo', escapeHtml(merchant))}${row('for', escapeHtml(link.title))}${row('date', escapeHtml(date))}` +
    lines
      .map(
        (l) =>
          row('amount', ltr(l.amount)) +
          row('network', escapeHtml(l.network)) +
          row(
            'transaction',
            l.explorer ? `<a href="${escapeHtml(l.explorer)}">${escapeHtml(l.txHash)}</a>` : escapeHtml(l.txHash),
          ) +
          (l.payer ? row('from', ltr(l.payer)) : ''),
      )
      .join('') +
    `</table><p><a href="${escapeHtml(payUrl)}">${escapeHtml(t('online'))}</a></p>` +
    `<p style="color:#555">${escapeHtml(t('why'))}</p></body></html>`
  return { subject, text, html }
}
