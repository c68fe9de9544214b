import type { SubscriptionStatus } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { DashTable, LoadError, QueryList } from '../DashTable.js'
import { formatAmount, formatDateTime } from '../format.js'
import { subscriptionBadgeClass } from '../../subscribe/subscriptionBadgeClass.js'
import { fetchMrr, listPlans, listSubscriptions } from './plansApi.js'

// The merchant's dashboard stays English (issue #34): the payer pages' badge colours, these words.
const statusLabels: Record<SubscriptionStatus, string> = {
  incomplete: 'Incomplete',
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
}

function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <span className={`badge ${subscriptionBadgeClass[status]}`}>{statusLabels[status]}</span>
}

function MrrSection() {
  const mrr = useQuery({ queryKey: ['mrr'], queryFn: fetchMrr, refetchInterval: 30_000 })
  return (
    <section className="card" aria-labelledby="mrr-title" data-testid="mrr">
      <h2 id="mrr-title">Monthly recurring revenue</h2>
      <p className="dash-muted">
        Active subscriptions' price per period scaled to a 30-day month, per currency (a fiat-priced plan in its
        currency, one priced per asset in the asset the subscriber pays in).
      </p>
      {mrr.isError && <LoadError what="MRR" error={mrr.error} retry={mrr.refetch} />}
      {mrr.data?.length === 0 && <p className="dash-empty-inline">No active subscriptions yet.</p>}
      {mrr.data && mrr.data.length > 0 && (
        <ul className="mrr-list">
          {mrr.data.map((row) => (
            <li key={`${row.assetId ?? ''}${row.currency}`} data-testid="mrr-row">
              <strong>
                {formatAmount(row.amount)} {row.currency}
              </strong>{' '}
              <span className="dash-muted">
                from {row.subscriptions} active subscription{row.subscriptions === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Dashboard -> Subscriptions: every subscriber with status and next renewal, and MRR per currency. */
export function SubscriptionsPage() {
  const subscriptions = useQuery({ queryKey: ['subscriptions'], queryFn: listSubscriptions, refetchInterval: 15_000 })
  const plans = useQuery({ queryKey: ['plans'], queryFn: listPlans })
  const planName = (id: string) => plans.data?.find((p) => p.id === id)?.name ?? id
  return (
    <>
      <MrrSection />
      <section className="card" aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">Subscriptions</h2>
        <QueryList
          query={subscriptions}
          loading="Loading subscriptions…"
          what="Subscriptions"
          empty={<p className="dash-empty-inline">No subscribers yet. Share a plan's subscribe URL (Plans).</p>}
        >
          {(rows) => (
            <DashTable
              testId="subscriptions-table"
              columns={['Plan', 'Subscriber', 'Status', 'Renewal', 'Paid periods', 'Next renewal']}
            >
              {rows.map((s) => (
                <tr key={s.id} data-testid={`subscription-${s.id}`}>
                  <td data-label="Plan">{planName(s.planId)}</td>
                  <td data-label="Subscriber" className="break-all">
                    {s.email}
                  </td>
                  <td data-label="Status">
                    <SubscriptionStatusBadge status={s.status} />
                  </td>
                  <td data-label="Renewal">{s.renewal === 'automatic' ? 'Automatic' : 'By link'}</td>
                  <td data-label="Paid periods">{s.paidPeriods}</td>
                  <td data-label="Next renewal">
                    {s.status === 'canceled' || !s.currentPeriodEnd ? '—' : formatDateTime(s.currentPeriodEnd)}
                  </td>
                </tr>
              ))}
            </DashTable>
          )}
        </QueryList>
      </section>
    </>
  )
}
