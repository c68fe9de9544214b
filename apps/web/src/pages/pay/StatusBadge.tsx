import { linkStatusLabels, type LinkStatus } from '@paylink/shared'

export function StatusBadge({ status }: { status: LinkStatus }) {
  return (
    <span className={`badge status-${status}`} data-testid="link-status">
      {linkStatusLabels[status]}
    </span>
  )
}
