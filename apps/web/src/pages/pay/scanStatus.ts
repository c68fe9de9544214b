import { parseUnits, type Link, type LinkOption } from '@paylink/shared'
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
export function scanStatus(option: LinkOption, link: Pick<Link, 'status' | 'payments'>): ScanStatus {
  const paidEnough =
    option.amount !== null && parseUnits(option.paid, option.decimals) >= parseUnits(option.amount, option.decimals)
  if (link.status === 'paid' || paidEnough) return { kind: 'paid', text: 'Paid' }
  const current = link.payments.filter((p) => !p.late)
  const confirming = current.filter((p) => p.status === 'confirming' && p.optionId === option.id)
  if (confirming.length > 0) {
    // Several on their way: the one furthest behind says when the link can be paid.
    const slowest = confirming.reduce((a, b) => (b.confirmations < a.confirmations ? b : a))
    const required = Math.max(1, slowest.requiredConfirmations)
    const confirmations = Math.min(slowest.confirmations, required)
    return { kind: 'confirming', text: `Seen, confirming ${confirmations}/${required}`, confirmations, required }
  }
  const pending = current.some(
    (p) =>
      p.status === 'pending' &&
      (p.optionId === option.id || (p.optionId === null && p.caipNetworkId === option.caipNetworkId)),
  )
  if (pending) return { kind: 'seen', text: 'Seen, checking the transaction' }
  if (option.paid !== '0') {
    return {
      kind: 'partial',
      text: `Received ${groupDigits(option.paid)} of ${groupDigits(option.amount ?? '?')} ${option.symbol}: ${groupDigits(optionDue(option))} ${option.symbol} still to pay`,
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
    const why = latest.reason ? ` ${reasonText[latest.reason]}` : ''
    return {
      kind: 'waiting',
      text: 'Waiting for payment',
      note: `A transaction was found that does not pay this link.${why}`,
    }
  }
  return { kind: 'waiting', text: 'Waiting for payment' }
}
