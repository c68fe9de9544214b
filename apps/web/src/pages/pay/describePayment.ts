import type { Payment, PaymentReason } from '@paylink/shared'

export const reasonText: Record<PaymentReason, string> = {
  wrong_network: "None of this link's payment options is on that network.",
  tx_not_found: 'The network does not know this transaction.',
  tx_reverted: 'The transaction failed on chain (it reverted); no funds moved.',
  wrong_recipient: "The transaction paid another address than the merchant's.",
  wrong_token: 'The transaction moved a token this link does not accept.',
  no_transfer: 'The transaction moved no funds to the merchant.',
  already_credited: 'This transaction has already been counted for a payment.',
  reorged_out: 'The block holding it was replaced; waiting for it to be mined again.',
  dropped: 'The transaction left the chain and was not mined again.',
}

export type PaymentStep = 'submitted' | 'detected' | 'confirmed' | 'failed'

export interface PaymentDescription {
  step: PaymentStep
  /** One line for the payer: what is happening now. */
  headline: string
  detail: string | null
}

/** What a payment's server state means to the person who paid. */
export function describePayment(payment: Payment): PaymentDescription {
  const reason = payment.reason ? reasonText[payment.reason] : null
  switch (payment.status) {
    case 'pending':
      return { step: 'submitted', headline: 'Waiting for the transaction to be mined…', detail: reason }
    case 'confirming':
      return {
        step: 'detected',
        headline: `Detected, confirming ${Math.min(payment.confirmations, payment.requiredConfirmations)} of ${payment.requiredConfirmations}`,
        // Confirming in no block: a Bitcoin transaction the server read in the mempool (shown, not counted yet).
        detail: payment.blockNumber
          ? `In block ${payment.blockNumber}.`
          : 'Seen in the mempool, not in a block yet: it counts once confirmed.',
      }
    case 'confirmed':
      return {
        step: 'confirmed',
        headline: payment.late ? 'Confirmed, but after the link expired' : 'Confirmed',
        detail: payment.late ? 'The merchant sees it as a late payment; it does not pay the expired link.' : null,
      }
    case 'failed':
      return { step: 'failed', headline: 'Not accepted as a payment', detail: reason }
    case 'reverted':
      return { step: 'failed', headline: 'The chain took this payment back', detail: reason }
  }
}
