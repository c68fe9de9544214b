import { useNow } from '../../../lib/useNow.js'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiRequestError } from '../../../api/client.js'
import { listDeliveries, redeliver } from '../../../api/merchant.js'
import { DashTable, LoadError } from '../DashTable.js'
import { useRowAction } from '../listMutations.js'
import { formatDateTime, formatRelative } from '../format.js'
import { TestWebhookButton } from './TestWebhookButton.js'
import { WebhookUrlEditor } from './WebhookUrlEditor.js'

const deliveryStatusLabels = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Gave up' } as const

function RedeliverButton({ linkId, deliveryId, type }: { linkId: string; deliveryId: string; type: string }) {
  const again = useRowAction({ mutationFn: () => redeliver(linkId, deliveryId), listKey: ['deliveries', linkId] })
  return (
    <>
      <button type="button" aria-label={`Redeliver ${type}`} onClick={() => again.mutate()} disabled={again.isPending}>
        {again.isPending ? 'Sending…' : 'Redeliver'}
      </button>
      {again.isError && (
        <span role="alert" className="error dash-small">
          {' '}
          {again.error.message}
        </span>
      )}
    </>
  )
}

/** The link's webhook deliveries; `version` is the link's, so a new event refetches at once. */
export function DeliveriesSection({ linkId, version }: { linkId: string; version: number | undefined }) {
  const now = useNow(1000)
  const queryClient = useQueryClient()
  const deliveries = useQuery({
    queryKey: ['deliveries', linkId],
    queryFn: () => listDeliveries(linkId),
    // Nothing streams deliveries: poll fast while one is on its way, slowly otherwise.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : 10_000),
  })
  useEffect(() => {
    if (version !== undefined) void queryClient.invalidateQueries({ queryKey: ['deliveries', linkId] })
  }, [version, linkId, queryClient])

  if (deliveries.isPending) return <p role="status">Loading webhook deliveries…</p>
  if (deliveries.isError) {
    if (deliveries.error instanceof ApiRequestError && deliveries.error.status === 404) {
      return <p className="dash-muted">This link belongs to another account: its webhooks are not shown.</p>
    }
    return <LoadError what="Webhook deliveries" error={deliveries.error} retry={deliveries.refetch} />
  }
  const { webhookUrl, deliveries: rows } = deliveries.data
  return (
    <>
      <WebhookUrlEditor linkId={linkId} webhookUrl={webhookUrl} />
      {webhookUrl && <TestWebhookButton linkId={linkId} />}
      {rows.length === 0 ? (
        webhookUrl && <p className="dash-empty-inline">No events yet: the first is sent when a payment is detected.</p>
      ) : (
        <DashTable
          testId="deliveries-table"
          columns={['Event', 'Status', 'Response', 'Attempts', 'Last error', 'Next retry', '']}
        >
          {rows.map((d) => (
            <tr key={d.id} data-testid={`delivery-${d.type}`}>
              <td data-label="Event">
                <code>{d.type}</code>
                <div className="dash-muted dash-small" title={d.eventId}>
                  {formatDateTime(d.createdAt)}
                </div>
              </td>
              <td data-label="Status">
                <span className={`badge badge-delivery-${d.status}`}>{deliveryStatusLabels[d.status]}</span>
              </td>
              <td data-label="Response" className="num" data-testid="status-code">
                {d.lastStatusCode ?? '—'}
              </td>
              <td data-label="Attempts" className="num">
                {d.attempts}
              </td>
              <td data-label="Last error" className="dash-error-cell">
                {d.lastError ?? '—'}
              </td>
              <td data-label="Next retry">
                {d.status === 'pending' && d.nextAttemptAt ? (
                  <time dateTime={d.nextAttemptAt} title={formatDateTime(d.nextAttemptAt)}>
                    {Date.parse(d.nextAttemptAt) <= now ? 'now' : formatRelative(d.nextAttemptAt, now)}
                  </time>
                ) : (
                  '—'
                )}
              </td>
              <td data-label="">
                <RedeliverButton linkId={linkId} deliveryId={d.id} type={d.type} />
              </td>
            </tr>
          ))}
        </DashTable>
      )}
    </>
  )
}
