import { formatFiat, type Link } from '@paylink/shared'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { groupDigits } from './groupDigits.js'

/**
 * What the payer must know about the money beyond the amounts: a price that cannot be quoted now,
 * what is still due after a partial payment (in each asset and in the link's currency), a shortfall
 * accepted within the merchant's tolerance, an overpayment.
 */
export function SettlementNote({ link }: { link: Link }) {
  const lines: Array<{ key: string; text: ReactNode; tone: 'muted' | 'warn' }> = []
  const fiat = (amount: string) => (link.price ? formatFiat(amount, link.price.currency) : '')
  const problems = [...new Set(link.options.map((o) => o.quoteProblem).filter((p): p is string => p !== null))]
  for (const problem of problems) lines.push({ key: `p:${problem}`, text: problem, tone: 'warn' })
  if (link.status === 'partially_paid' || (link.status === 'open' && link.options.some((o) => o.paid !== '0'))) {
    const due = link.options
      .filter((o) => o.due !== null && o.due !== '0')
      .map((o) => `${groupDigits(o.due!)} ${o.symbol}`)
    if (due.length) {
      lines.push({
        key: 'due',
        text: `Still due: ${due.join(' or ')}${link.fiat ? ` (${fiat(link.fiat.due)})` : ''}. Send it as a second payment to complete.`,
        tone: 'warn',
      })
    }
  }
  if (link.status === 'paid') {
    const short = link.options.filter((o) => o.shortfall !== '0').map((o) => `${groupDigits(o.shortfall)} ${o.symbol}`)
    if (short.length || (link.fiat && link.fiat.shortfall !== '0.00' && link.fiat.shortfall !== '0')) {
      lines.push({
        key: 'short',
        text: `Paid within the merchant's ${link.underpaymentTolerancePercent}% tolerance; short by ${short.join(', ')}${link.fiat ? ` (${fiat(link.fiat.shortfall)})` : ''}.`,
        tone: 'muted',
      })
    }
  }
  const overpaid = link.options.filter((o) => o.overpaid !== '0')
  if (overpaid.length) {
    const over = overpaid.map((o) => `${groupDigits(o.overpaid)} ${o.symbol}`)
    lines.push({
      key: 'over',
      text: (
        <>
          Overpaid by {over.join(', ')}
          {link.fiat ? ` (${fiat(link.fiat.overpaid)})` : ''}.{' '}
          <SurplusBack link={link} bitcoin={overpaid.some((o) => o.caipNetworkId.startsWith('bip122:'))} />
        </>
      ),
      tone: 'muted',
    })
  }
  if (lines.length === 0) return null
  return (
    <div className="settlement-note" data-testid="settlement-note" role="status">
      {lines.map((line) => (
        <p key={line.key} className={line.tone === 'warn' ? 'settlement-warn' : 'muted'}>
          {line.text}
        </p>
      ))}
    </div>
  )
}

/**
 * How the payer gets an overpayment back: on Bitcoin the refund page (a payment's inputs may be
 * many addresses, so the payer names one and signs for it); elsewhere the merchant refunds the
 * address the payment came from, asked with the receipt number (the checkout has no other contact).
 */
function SurplusBack({ link, bitcoin }: { link: Link; bitcoin: boolean }) {
  const merchant = link.merchant.displayName ?? 'the merchant'
  if (bitcoin)
    return (
      <span data-testid="surplus-back">
        To get the surplus back,{' '}
        <RouterLink to={`/pay/${encodeURIComponent(link.id)}/refund`}>give a refund address</RouterLink>; {merchant}{' '}
        sends it there.
      </span>
    )
  return (
    <span data-testid="surplus-back">
      To get the surplus back, ask {merchant} for a refund, quoting receipt {link.receiptNumber}: it goes back to the
      address you paid from.
    </span>
  )
}
