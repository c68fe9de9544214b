import { formatAmount, parseUnits, type Link, type Network } from '@paylink/shared'
import { plainDisplayName } from './plainDisplayName.js'

export interface ReceiptEmail {
  subject: string
  text: string
  html: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The payer's receipt as an email (plain text and HTML): receipt number, merchant (a short plain
 * name; the link's title only in the HTML part, escaped), amount with
 * its unit (for people, and exact), network, full transaction id with the explorer's page when
 * the network has one, date and payer. Only the payments that count (confirmed, not late).
 */
export function renderReceiptEmail(link: Link, networks: readonly Network[], payUrl: string): ReceiptEmail {
  // Merchant-written text reaches the Subject and the text part only as a short plain name.
  const merchant = plainDisplayName(link.merchant.displayName) ?? link.merchantAddress
  const counted = link.payments.filter((p) => p.status === 'confirmed' && !p.late)
  const lines = counted.map((p) => {
    const option = link.options.find((o) => o.id === p.optionId)
    const network = networks.find((n) => n.caipNetworkId === p.caipNetworkId)
    const amount =
      p.amount && option
        ? `${formatAmount(parseUnits(p.amount, option.decimals), option.decimals)} ${option.symbol}`
        : 'an amount'
    const exact =
      p.amount &&
      option &&
      formatAmount(parseUnits(p.amount, option.decimals), option.decimals).replace(/,/g, '') !== p.amount
        ? ` (exactly ${p.amount} ${option.symbol})`
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
  const date = paidAt ? `${paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—'
  const total = lines.map((l) => l.amount).join(' + ')
  const subject = `Receipt ${link.receiptNumber}: ${total} paid to ${merchant}`
  const text = [
    `Receipt ${link.receiptNumber}`,
    '',
    `Paid to: ${merchant}`,
    `Date: ${date}`,
    ...lines.flatMap((l) => [
      '',
      `Amount: ${l.amount}`,
      `Network: ${l.network}`,
      `Transaction: ${l.txHash}`,
      ...(l.explorer ? [`Explorer: ${l.explorer}`] : []),
      ...(l.payer ? [`From: ${l.payer}`] : []),
    ]),
    '',
    `This receipt online: ${payUrl}`,
    'You asked for this email on the payment page. Your address was used for this one email and then erased.',
  ].join('\n')
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;font-family:monospace;word-break:break-all">${value}</td></tr>`
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h1 style="font-size:20px">Receipt ${escapeHtml(link.receiptNumber)}</h1>` +
    `<table>${row('Paid to', escapeHtml(merchant))}${row('For', escapeHtml(link.title))}${row('Date', escapeHtml(date))}` +
    lines
      .map(
        (l) =>
          row('Amount', escapeHtml(l.amount)) +
          row('Network', escapeHtml(l.network)) +
          row(
            'Transaction',
            l.explorer ? `<a href="${escapeHtml(l.explorer)}">${escapeHtml(l.txHash)}</a>` : escapeHtml(l.txHash),
          ) +
          (l.payer ? row('From', escapeHtml(l.payer)) : ''),
      )
      .join('') +
    `</table><p><a href="${escapeHtml(payUrl)}">This receipt online</a></p>` +
    `<p style="color:#555">You asked for this email on the payment page. Your address was used for this one email and then erased.</p></body></html>`
  return { subject, text, html }
}
