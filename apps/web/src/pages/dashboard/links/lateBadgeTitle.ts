import type { Payment } from '@paylink/shared'

/**
 * The tooltip of a payment's "Late" badge: true whichever way it went. A late payment counts when
 * it was mined within the link's grace window after expiry (and confirmed); otherwise it is only
 * recorded.
 */
export function lateBadgeTitle(payment: Pick<Payment, 'counted' | 'status'>, latePaymentGraceSeconds: number): string {
  if (payment.counted) return 'Mined after the link expired, within its late-payment grace: counted'
  if (payment.status === 'confirmed' || latePaymentGraceSeconds <= 0)
    return 'Mined after the link expired: recorded, not counted'
  return 'Mined after the link expired: counts only if mined within its late-payment grace, once confirmed'
}
