import { linkStatusLabels, type LinkStatus, type PaymentStatus } from '@paylink/shared'
import { paymentStatusLabels } from './format.js'

/** A coloured pill; the text carries the meaning, the colour only repeats it. */
export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  return <span className={`badge badge-${status}`}>{linkStatusLabels[status]}</span>
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge badge-payment-${status}`}>{paymentStatusLabels[status]}</span>
}
