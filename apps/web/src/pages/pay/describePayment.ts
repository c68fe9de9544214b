import type { Payment, PaymentReason } from '@paylink/shared'
import { m, type TextOf } from '../../i18n/useT.js'

/** Why a payment did not count, as the payer reads it (message ids). */
export const reasonText = {
  wrong_network: m('reason.wrongNetwork'),
  tx_not_found: m('reason.txNotFound'),
  tx_reverted: m('reason.txReverted'),
  wrong_recipient: m('reason.wrongRecipient'),
  wrong_token: m('reason.wrongToken'),
  no_transfer: m('reason.noTransfer'),
  already_credited: m('reason.alreadyCredited'),
  reorged_out: m('reason.reorgedOut'),
  dropped: m('reason.dropped'),
} as const satisfies Record<PaymentReason, string>

export type PaymentStep = 'submitted' | 'detected' | 'confirmed' | 'failed'

export interface PaymentDescription {
  step: PaymentStep
  /** One line for the payer: what is happening now. */
  headline: string
  detail: string | null
}

/** What a payment's server state means to the person who paid. */
export function describePayment(payment: Payment, t: TextOf): PaymentDescription {
  const reason = payment.reason ? t(reasonText[payment.reason]) : null
  switch (payment.status) {
    case 'pending':
      return { step: 'submitted', headline: t('payment.mining'), detail: reason }
    case 'confirming':
      return {
        step: 'detected',
        headline: t('payment.confirming', {
          count: Math.min(payment.confirmations, payment.requiredConfirmations),
          required: payment.requiredConfirmations,
        }),
        // Confirming in no block: a Bitcoin transaction the server read in the mempool (shown, not counted yet).
        detail: payment.blockNumber ? t('payment.inBlock', { block: payment.blockNumber }) : t('payment.mempool'),
      }
    case 'confirmed':
      return {
        step: 'confirmed',
        headline: payment.late ? t('payment.confirmedLate') : t('payment.confirmed'),
        detail: payment.late ? t('payment.lateDetail') : null,
      }
    case 'failed':
      return { step: 'failed', headline: t('payment.failed'), detail: reason }
    case 'reverted':
      return { step: 'failed', headline: t('payment.reverted'), detail: reason }
  }
}
