import type { LinkStatus } from '@paylink/shared'
import { m, useT } from '../../i18n/useT.js'

const labels = {
  open: m('status.open'),
  partially_paid: m('status.partiallyPaid'),
  paid: m('status.paid'),
  expired: m('status.expired'),
} as const satisfies Record<LinkStatus, string>

export function StatusBadge({ status }: { status: LinkStatus }) {
  const { t } = useT()
  return (
    <span className={`badge status-${status}`} data-testid="link-status">
      {t(labels[status])}
    </span>
  )
}
