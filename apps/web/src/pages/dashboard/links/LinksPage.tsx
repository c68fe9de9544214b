import { formatAmount, parseUnits } from '@paylink/shared'
import { useNow } from '../../../lib/useNow.js'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { listLinks, type LinkSummary } from '../../../api/merchant.js'
import { DashTable, QueryList, TimeCell } from '../DashTable.js'
import { formatDateTime, formatRelative } from '../format.js'
import { PaymentsCsvButton } from '../PaymentsCsvButton.js'
import { LinkStatusBadge } from '../StatusBadge.js'
import { FiatApprox } from '../../../components/FiatApprox.js'
import { AmountText } from '../../pay/AmountText.js'

/** As the checkout writes amounts (grouped, the asset's decimals up to 8), without the symbol the line already gave. */
const readable = (amount: string, decimals: number) => formatAmount(parseUnits(amount, decimals), decimals)

function Amounts({ link }: { link: LinkSummary }) {
  return (
    <ul className="dash-amounts">
      {link.options.map((o) => (
        <li key={o.id}>
          <span className="num">
            {o.amount === null ? (
              `${o.symbol}: no quote now`
            ) : (
              <AmountText amount={o.amount} decimals={o.decimals} symbol={o.symbol} />
            )}
          </span>
          {link.price && o.amount !== null && (
            <>
              {' '}
              <FiatApprox currency={link.price.currency} amount={link.price.amount} />
            </>
          )}
          {o.paid !== '0' && (
            <span className="dash-muted" title={`${o.paid} ${o.symbol}`}>
              {' '}
              · {readable(o.paid, o.decimals)} paid
            </span>
          )}
          {o.confirming !== '0' && (
            <span className="dash-muted" title={`${o.confirming} ${o.symbol}`}>
              {' '}
              · {readable(o.confirming, o.decimals)} confirming
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

/** When a link was paid, or how long it stays payable; a paid or switched-off link has no countdown. */
function Expiry({ link }: { link: LinkSummary }) {
  const now = useNow(30000)
  const { expiresAt } = link
  if (link.paidAt) {
    return (
      <span>
        Paid <time dateTime={link.paidAt}>{formatDateTime(link.paidAt)}</time>
      </span>
    )
  }
  if (link.deactivatedAt) return <span className="dash-muted">Deactivated</span>
  if (!expiresAt) return <span className="dash-muted">Never</span>
  return (
    <time dateTime={expiresAt} title={formatDateTime(expiresAt)}>
      {formatRelative(expiresAt, now)}
    </time>
  )
}

export function LinksPage() {
  // Statuses change as payments confirm: a slow poll keeps the list honest without a stream per row.
  const links = useQuery({ queryKey: ['links'], queryFn: listLinks, refetchInterval: 10_000 })
  return (
    <section className="card" aria-labelledby="links-title">
      <div className="dash-section-head">
        <h2 id="links-title">Payment links</h2>
        {links.data && links.data.length > 0 && (
          <span>
            <PaymentsCsvButton />{' '}
            <Link to="/dashboard/links/new" className="button primary">
              Create a link
            </Link>
          </span>
        )}
      </div>
      <QueryList
        query={links}
        loading="Loading your links…"
        what="Your links"
        empty={
          <div className="dash-empty">
            <p>
              <strong>No payment links yet.</strong>
            </p>
            <p>Create a link, share its URL or QR code, and Paylink tells you when it is paid.</p>
            <Link to="/dashboard/links/new" className="button primary">
              Create your first link
            </Link>
          </div>
        }
      >
        {(rows) => (
          <DashTable testId="links-table" columns={['Title', 'Status', 'Amount', 'Created', 'Paid or expires']}>
            {rows.map((link) => (
              <tr key={link.id} data-testid={`link-row-${link.id}`}>
                <td data-label="Title">
                  <Link to={`/dashboard/links/${encodeURIComponent(link.id)}`}>{link.title}</Link>
                </td>
                <td data-label="Status">
                  <LinkStatusBadge status={link.status} />
                  {link.deactivatedAt && <span className="badge badge-deactivated">Deactivated</span>}
                </td>
                <td data-label="Amount">
                  <Amounts link={link} />
                </td>
                <TimeCell label="Created" at={link.createdAt} />
                <td data-label="Paid or expires">
                  <Expiry link={link} />
                </td>
              </tr>
            ))}
          </DashTable>
        )}
      </QueryList>
    </section>
  )
}
