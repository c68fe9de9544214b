import { Link } from 'react-router-dom'

/**
 * An order's cell in the back office: "Order of <link>" linking to the reusable link's page (an
 * order carries its link's title), with the order's own id under it linking to the order's page.
 */
export function OrderOf({
  linkId,
  title,
  orderId,
  testId,
}: {
  linkId: string
  title: string
  orderId: string
  testId: string
}) {
  return (
    <span data-testid={testId}>
      Order of <Link to={`/dashboard/links/${encodeURIComponent(linkId)}`}>{title}</Link>
      <div className="dash-small">
        <Link to={`/dashboard/links/${encodeURIComponent(orderId)}`} className="dash-muted">
          <code>{orderId}</code>
        </Link>
      </div>
    </span>
  )
}
