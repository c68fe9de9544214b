import type { WebhookEvent } from '@paylink/shared'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { listEvents } from '../../../api/merchantFeed.js'
import { DashTable, LoadError } from '../DashTable.js'
import { formatDateTime } from '../format.js'
import { RefreshableHeading } from '../RefreshableHeading.js'

/**
 * Every webhook event of the merchant's links, oldest first, as `GET /api/events` pages them
 * (links without a webhook URL included): the same feed a backend reads to catch up.
 */
export function EventsPage() {
  const events = useInfiniteQuery({
    queryKey: ['events'],
    queryFn: ({ pageParam }) => listEvents(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  })
  const rows: WebhookEvent[] = events.data?.pages.flatMap((page) => page.events) ?? []
  return (
    <section className="card" aria-labelledby="events-title">
      <RefreshableHeading id="events-title" title="Events" query={events} />
      <p className="dash-muted">
        What your webhooks are sent, for every link, oldest first. A backend reads the same list from{' '}
        <code>GET /api/events?after=&lt;cursor&gt;</code>.
      </p>
      {events.isPending && <p role="status">Loading events…</p>}
      {events.isError && <LoadError what="Your events" error={events.error} retry={events.refetch} />}
      {events.data && rows.length === 0 && (
        <p className="dash-empty">
          No events yet: they appear when a payment is seen, confirmed or reverted, and when a link is paid or expires.
        </p>
      )}
      {rows.length > 0 && (
        <DashTable testId="events-table" columns={['Type', 'Link', 'Time', 'Event id']}>
          {rows.map((event) => (
            <tr key={event.id} data-testid="event-row">
              <td data-label="Type">
                <code>{event.type}</code>
              </td>
              <td data-label="Link">
                {event.data.link ? (
                  <Link to={`/dashboard/links/${encodeURIComponent(event.data.link.id)}`}>{event.data.link.title}</Link>
                ) : (
                  <Link to="/dashboard/unmatched">Unmatched payment</Link>
                )}
              </td>
              <td data-label="Time">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </td>
              <td data-label="Event id">
                <code className="dash-muted">{event.id}</code>
              </td>
            </tr>
          ))}
        </DashTable>
      )}
      {events.hasNextPage && (
        <button
          type="button"
          onClick={() => events.fetchNextPage()}
          disabled={events.isFetchingNextPage}
          data-testid="events-load-more"
        >
          {events.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  )
}
