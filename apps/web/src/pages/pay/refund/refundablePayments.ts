import type { Link, Payment } from '@paylink/shared'

/** The Bitcoin payments a payer can give a refund address for: seen on chain and not taken back. */
export function refundablePayments(link: Pick<Link, 'payments'>): Payment[] {
  return link.payments.filter(
    (p) => p.caipNetworkId.startsWith('bip122:') && (p.status === 'confirming' || p.status === 'confirmed'),
  )
}
