import type { Link } from '@paylink/shared'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { groupDigits } from './groupDigits.js'
import { useT } from '../../i18n/useT.js'

/**
 * What the payer must know about the money beyond the amounts: a price that cannot be quoted now,
 * what is still due after a partial payment (in each asset and in the link's currency), a shortfall
 * accepted within the merchant's tolerance, an overpayment.
 */
export function SettlementNote({ link }: { link: Link }) {
  const lines: Array<{ key: string; text: ReactNode; tone: 'muted' | 'warn' }> = []
  const { t, amount, fiat: fiatIn, list } = useT()
  const fiat = (value: string) => (link.price ? fiatIn(value, link.price.currency) : '')
  const problems = [...new Set(link.options.map((o) => o.quoteProblem).filter((p): p is string => p !== null))]
  for (const problem of problems) lines.push({ key: `p:${problem}`, text: problem, tone: 'warn' })
  if (link.status === 'partially_paid' || (link.status === 'open' && link.options.some((o) => o.paid !== '0'))) {
    const due = link.options
      .filter((o) => o.due !== null && o.due !== '0')
      .map((o) => `${amount(groupDigits(o.due!))} ${o.symbol}`)
    if (due.length) {
      lines.push({
        key: 'due',
        text: t('settle.due', {
          amounts: `${list(due, 'disjunction')}${link.fiat ? ` (${fiat(link.fiat.due)})` : ''}`,
        }),
        tone: 'warn',
      })
    }
  }
  if (link.status === 'paid') {
    const short = link.options
      .filter((o) => o.shortfall !== '0')
      .map((o) => `${amount(groupDigits(o.shortfall))} ${o.symbol}`)
    if (short.length || (link.fiat && link.fiat.shortfall !== '0.00' && link.fiat.shortfall !== '0')) {
      lines.push({
        key: 'short',
        text: t('settle.short', {
          percent: link.underpaymentTolerancePercent,
          amounts: `${short.join(', ')}${link.fiat ? ` (${fiat(link.fiat.shortfall)})` : ''}`,
        }),
        tone: 'muted',
      })
    }
  }
  const overpaid = link.options.filter((o) => o.overpaid !== '0')
  if (overpaid.length) {
    const over = overpaid.map((o) => `${amount(groupDigits(o.overpaid))} ${o.symbol}`)
    lines.push({
      key: 'over',
      text: (
        <>
          {t('settle.over', { amounts: `${over.join(', ')}${link.fiat ? ` (${fiat(link.fiat.overpaid)})` : ''}` })}{' '}
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
  const { t, rich } = useT()
  const merchant = link.merchant.displayName ?? t('settle.theMerchant')
  if (bitcoin)
    return (
      <span data-testid="surplus-back">
        {rich('settle.surplusBitcoin', {
          merchant,
          link: (chunks) => <RouterLink to={`/pay/${encodeURIComponent(link.id)}/refund`}>{chunks}</RouterLink>,
        })}
      </span>
    )
  return <span data-testid="surplus-back">{t('settle.surplus', { merchant, receipt: link.receiptNumber })}</span>
}
