import type { LinkStatus } from '@paylink/shared'

const labels: Record<LinkStatus, string> = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  expired: 'Expired',
}

export function StatusBadge({ status }: { status: LinkStatus }) {
  return (
    <span className={`badge status-${status}`} data-testid="link-status">
      {labels[status]}
    </span>
  )
}
