import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { listOrders } from '../../../api/orders.js'
import { DashTable, LoadError } from '../DashTable.js'
import { LinkStatusBadge } from '../StatusBadge.js'
import { formatDateTime } from '../format.js'

/**
 * A reusable link's orders (each a link of its own) with what each payer filled in, and the
 * totals: how many are paid, open and expired, and what they received per asset. Polled: the
 * orders change without the link's own version moving.
 */
export function OrdersSection({ linkId }: { linkId: string }) {
  const orders = useQuery({ queryKey: ['orders', linkId], queryFn: () => listOrders(linkId), refetchInterval: 5000 })
  if (orders.isPending) return <p role="status">Loading orders…</p>
  if (orders.isError) return <LoadError what="Orders" error={orders.error} retry={orders.refetch} />
  const { orders: rows, totals } = orders.data
  return (
    <>
      <p data-testid="order-totals">
        {totals.orders} orders: {totals.paid} paid, {totals.open} open, {totals.expired} expired
        {totals.received.length > 0 && `; received ${totals.received.map((r) => `${r.amount} ${r.symbol}`).join(', ')}`}
      </p>
      {rows.length === 0 ? (
        <p className="dash-empty-inline">No orders yet: each payer who opens the link and continues makes one.</p>
      ) : (
        <DashTable testId="orders-table" columns={['Order', 'Status', 'Quantity', 'Payer', 'Created']}>
          {rows.map((order) => (
            <tr key={order.id} data-testid="order-row">
              <td data-label="Order">
                <Link to={`/dashboard/links/${encodeURIComponent(order.id)}`} className="mono">
                  {order.id}
                </Link>
              </td>
              <td data-label="Status">
                <LinkStatusBadge status={order.status} />
              </td>
              <td data-label="Quantity" className="num">
                {order.order?.quantity ?? 1}
              </td>
              <td data-label="Payer">
                {[order.payer.name, order.payer.email, order.payer.shippingAddress, order.payer.note]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </td>
              <td data-label="Created">{formatDateTime(order.createdAt)}</td>
            </tr>
          ))}
        </DashTable>
      )}
    </>
  )
}
