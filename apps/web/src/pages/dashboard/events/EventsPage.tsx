import { webhookEventTypes, type WebhookEvent, type WebhookEventType } from '@paylink/shared'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { listEvents, type EventFilters } from '../../../api/merchantFeed.js'
import { DashTable, LoadError, LoadMore, TimeCell } from '../DashTable.js'
import { OrderOf } from '../OrderOf.js'
import { RefreshableHeading } from '../RefreshableHeading.js'

const isEventType = (value: string | null): value is WebhookEventType =>
  (webhookEventTypes as readonly (string | null)[]).includes(value)

/** The types by what they are about (`payment`, `link`, `order`, `subscription`), for the filter. */
const eventTypeGroups = [...new Set(webhookEventTypes.map((type) => type.split('.')[0]!))].map(
  (group) => [group, webhookEventTypes.filter((type) => type.startsWith(`${group}.`))] as const,
)

/** The Link cell: an order's event names the reusable link it is of (its title is that link's). */
function EventLink({ event }: { event: WebhookEvent }) {
  const { link, order } = event.data
  if (!link) return <Link to="/dashboard/unmatched">Unmatched payment</Link>
  if (!order) return <Link to={`/dashboard/links/${encodeURIComponent(link.id)}`}>{link.title}</Link>
  return <OrderOf linkId={order.linkId} title={link.title} orderId={link.id} testId="event-order-of" />
}

/**
 * Every webhook event of the merchant's links, oldest first, as `GET /api/events` pages them
 * (links without a webhook URL included): the same feed a backend reads to catch up. `?type=` and
 * `?linkId=` in the page's address narrow it as they narrow the API (a reusable link's id keeps its
 * orders' events), so a link's page can link here.
 */
export function EventsPage() {
  const [params, setParams] = useSearchParams()
  const type = params.get('type')
  const filters: EventFilters = {
    type: isEventType(type) ? type : undefined,
    linkId: params.get('linkId') ?? undefined,
  }
  const setType = (value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set('type', value)
    else next.delete('type')
    setParams(next, { replace: true })
  }
  const events = useInfiniteQuery({
    queryKey: ['events', filters],
    queryFn: ({ pageParam }) => listEvents(pageParam, filters),
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
      <div className="dash-filters" role="search" aria-label="Filter events">
        <div className="dash-filter">
          <label htmlFor="events-type">Type</label>
          <select id="events-type" value={filters.type ?? ''} onChange={(e) => setType(e.target.value)}>
            <option value="">Any type</option>
            {eventTypeGroups.map(([group, types]) => (
              <optgroup key={group} label={group}>
                {types.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {filters.linkId && (
          <p className="dash-muted" data-testid="events-link-filter">
            Events of <code>{filters.linkId}</code> and its orders ·{' '}
            <Link to={{ search: filters.type ? `?type=${filters.type}` : '' }}>all links</Link>
          </p>
        )}
      </div>
      {events.isPending && <p role="status">Loading events…</p>}
      {events.isError && <LoadError what="Your events" error={events.error} retry={events.refetch} />}
      {events.data && rows.length === 0 && (filters.type || filters.linkId) && (
        <p className="dash-empty">No events match this filter yet.</p>
      )}
      {events.data && rows.length === 0 && !filters.type && !filters.linkId && (
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
                <EventLink event={event} />
              </td>
              <TimeCell label="Time" at={event.createdAt} />
              <td data-label="Event id">
                <code className="dash-muted">{event.id}</code>
              </td>
            </tr>
          ))}
        </DashTable>
      )}
      <LoadMore query={events} testId="events-load-more" />
    </section>
  )
}
