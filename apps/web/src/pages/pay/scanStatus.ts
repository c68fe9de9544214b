import { parseUnits, type Link, type LinkOption } from '@paylink/shared'
import type { TextOf } from '../../i18n/useT.js'
import { reasonText } from './describePayment.js'
import { groupDigits } from './groupDigits.js'
import { optionDue } from './optionDue.js'

export type ScanStatus =
  | { kind: 'waiting'; text: string; note?: string }
  | { kind: 'seen'; text: string }
  | { kind: 'confirming'; text: string; confirmations: number; required: number }
  | { kind: 'partial'; text: string }
  | { kind: 'paid'; text: string }

/**
 * Where a scan-to-pay payment of `option` stands, from the link the server streams: waiting,
 * seen (found on chain, not yet checked), confirming n/m, partly paid (the rest still due), paid.
 * A transaction the server found by itself has no option until it is checked, so a pending
 * payment on the option's network with no option yet counts as seen for it.
 */
export function scanStatus(option: LinkOption, link: Pick<Link, 'status' | 'payments'>, t: TextOf): ScanStatus {
  const paidEnough =
    option.amount !== null && parseUnits(option.paid, option.decimals) >= parseUnits(option.amount, option.decimals)
  if (link.status === 'paid' || paidEnough) return { kind: 'paid', text: t('status.paid') }
  const current = link.payments.filter((p) => !p.late)
  const confirming = current.filter((p) => p.status === 'confirming' && p.optionId === option.id)
  if (confirming.length > 0) {
    // Several on their way: the one furthest behind says when the link can be paid.
    const slowest = confirming.reduce((a, b) => (b.confirmations < a.confirmations ? b : a))
    const required = Math.max(1, slowest.requiredConfirmations)
    const confirmations = Math.min(slowest.confirmations, required)
    return {
      kind: 'confirming',
      text: t('scan.confirming', { count: confirmations, required }),
      confirmations,
      required,
    }
  }
  const pending = current.some(
    (p) =>
      p.status === 'pending' &&
      (p.optionId === option.id || (p.optionId === null && p.caipNetworkId === option.caipNetworkId)),
  )
  if (pending) return { kind: 'seen', text: t('scan.seen') }
  if (option.paid !== '0') {
    return {
      kind: 'partial',
      text: t('scan.partial', {
        paid: groupDigits(option.paid),
        amount: groupDigits(option.amount ?? '?'),
        due: groupDigits(optionDue(option)),
        symbol: option.symbol,
      }),
    }
  }
  // A transaction found for this option that did not count (the wrong token, say) is said, or the payer sees nothing happen.
  const refused = current.filter(
    (p) =>
      (p.status === 'failed' || p.status === 'reverted') &&
      (p.optionId === option.id || (p.optionId === null && p.caipNetworkId === option.caipNetworkId)),
  )
  const latest = refused.reduce<(typeof refused)[number] | undefined>(
    (a, b) => (!a || b.updatedAt > a.updatedAt ? b : a),
    undefined,
  )
  if (latest) {
    const why = latest.reason ? ` ${t(reasonText[latest.reason])}` : ''
    return {
      kind: 'waiting',
      text: t('scan.waiting'),
      note: `${t('scan.refused')}${why}`,
    }
  }
  return { kind: 'waiting', text: t('scan.waiting') }
}
