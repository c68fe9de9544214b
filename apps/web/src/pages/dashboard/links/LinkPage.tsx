import { chainFactsOf } from '@paylink/chains/facts'
import { useNow } from '../../../lib/useNow.js'
import { linkSchema, type Link as PaymentLink } from '@paylink/shared'
import { Link, useParams } from 'react-router-dom'
import { ApiRequestError } from '../../../api/client.js'
import { getLink, payUrl } from '../../../api/merchant.js'
import { useLiveLink } from '../../../api/useLiveLink.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../../components/CopyButton.js'
import { FiatApprox } from '../../../components/FiatApprox.js'
import { QrCode } from '../../../components/QrCode.js'
import { assetLabel, formatDateTime, formatRelative } from '../format.js'
import { DashTable } from '../DashTable.js'
import { LinkStatusBadge } from '../StatusBadge.js'
import type { JustCreated } from './CreateLinkPage.js'
import { DeliveriesSection } from './DeliveriesSection.js'
import { WebhookSecretOnce } from './WebhookSecretOnce.js'
import { PaymentsTable } from './PaymentsTable.js'
import { OrdersSection } from './OrdersSection.js'
import { PosDevicesSection } from './PosDevicesSection.js'
import { LinkActions } from './LinkActions.js'
import { AmountText } from '../../pay/AmountText.js'

function OptionsTable({ link }: { link: PaymentLink }) {
  const { networks, assets } = usePaylinkConfig()
  const nameOf = (o: PaymentLink['options'][number]) =>
    assets.find((a) => a.assetId.toLowerCase() === o.asset.toLowerCase()) ?? {
      name: o.symbol,
      caipNetworkId: o.caipNetworkId,
    }
  return (
    <DashTable testId="options-table" columns={['Asked', 'Paid', 'Confirming', 'Recipient']}>
      {link.options.map((o) => (
        <tr key={o.id}>
          <td data-label="Asked">
            <strong className="num">
              {o.amount === null ? (
                'No quote now'
              ) : (
                <AmountText amount={o.amount} decimals={o.decimals} symbol={o.symbol} />
              )}
            </strong>
            {link.price && o.amount !== null && (
              <div className="dash-small">
                <FiatApprox currency={link.price.currency} amount={link.price.amount} />
                {o.rate && ` at ${o.rate} (${o.rateSource ?? ''})`}
              </div>
            )}
            <div className="dash-muted dash-small">{assetLabel(nameOf(o), networks)}</div>
          </td>
          <td data-label="Paid" className="num">
            <AmountText amount={o.paid} decimals={o.decimals} symbol={o.symbol} />
            {o.overpaid !== '0' && <div className="dash-small">{o.overpaid} over</div>}
            {o.shortfall !== '0' && <div className="dash-small">{o.shortfall} short (within tolerance)</div>}
            {o.late !== '0' && <div className="dash-small">{o.late} late</div>}
          </td>
          <td data-label="Confirming" className="num">
            <AmountText amount={o.confirming} decimals={o.decimals} symbol={o.symbol} />
          </td>
          <td data-label="Recipient">
            {/* A watch-only key (Bitcoin's wpkh(tpub…)) is not where money goes: this option's own derived address is. */}
            {chainFactsOf(o.asset)?.watchOnlyKeys && o.depositAddress ? (
              <>
                <code className="break" data-testid={`recipient-${o.id}`}>
                  {o.depositAddress}
                </code>
                <div className="dash-muted dash-small" title={o.recipient}>
                  derived from your watch-only key
                </div>
              </>
            ) : (
              <code className="break" data-testid={`recipient-${o.id}`}>
                {o.recipient}
              </code>
            )}
          </td>
        </tr>
      ))}
    </DashTable>
  )
}

export function LinkPage({
  justCreated,
  onSecretSaved,
}: {
  justCreated: JustCreated | null
  onSecretSaved: () => void
}) {
  const now = useNow(30000)
  const { id = '' } = useParams()
  // The merchant's page polls every 5 s while the stream is down, so it never silently freezes.
  const link = useLiveLink(id, { read: getLink, parser: linkSchema, pollWhileDownMs: 5000 })
  const streaming = link.live === 'live'

  if (link.isPending) return <p role="status">Loading the link…</p>
  if (link.isError) {
    const missing = link.error instanceof ApiRequestError && link.error.status === 404
    return (
      <section className="card">
        <h2>{missing ? 'No such link' : 'The link could not be loaded'}</h2>
        <p role="alert" className="error">
          {link.error.message}
        </p>
        <p>
          {!missing && <button onClick={() => link.refetch()}>Try again</button>}{' '}
          <Link to="/dashboard">Back to your links</Link>
        </p>
      </section>
    )
  }
  const data = link.data
  const url = payUrl(data.id)
  const created = justCreated?.linkId === data.id ? justCreated : null

  return (
    <div className="dash-link">
      <p className="dash-crumbs">
        <Link to="/dashboard">← Payment links</Link>
      </p>
      {created && (
        <p role="status" className="dash-created">
          Link created. Share the pay URL or the QR code with your customer.
        </p>
      )}
      {created?.webhookSecret && <WebhookSecretOnce value={created.webhookSecret} onDone={onSecretSaved} />}

      <div className="dash-link-grid">
        <section className="card" aria-labelledby="link-title">
          <div className="dash-section-head">
            <h2 id="link-title">{data.title}</h2>
            <span data-testid="link-status">
              <LinkStatusBadge status={data.status} />
            </span>
          </div>
          {data.description && <p className="dash-description">{data.description}</p>}
          {data.deactivatedAt && (
            <p className="dash-notice" role="status" data-testid="link-deactivated">
              Deactivated {formatDateTime(data.deactivatedAt)}: the checkout says this link no longer accepts payments.
              Payments already sent still count.
            </p>
          )}
          <LinkActions link={data} />
          <dl className="facts">
            <dt>Created</dt>
            <dd>
              <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
            </dd>
            {/* A paid link has nothing left to expire: its paid date is what matters. */}
            {!data.paidAt && (
              <>
                <dt>Expires</dt>
                <dd>
                  {data.expiresAt ? (
                    <>
                      <time dateTime={data.expiresAt}>{formatDateTime(data.expiresAt)}</time>{' '}
                      <span className="dash-muted">({formatRelative(data.expiresAt, now)})</span>
                    </>
                  ) : (
                    'Never'
                  )}
                </dd>
              </>
            )}
            {data.paidAt && (
              <>
                <dt>Paid</dt>
                <dd>
                  <time dateTime={data.paidAt}>{formatDateTime(data.paidAt)}</time>
                </dd>
              </>
            )}
            <dt>Merchant</dt>
            <dd>
              <code>{data.merchantAddress}</code>
            </dd>
            <dt>Link id</dt>
            <dd>
              <code>{data.id}</code>
            </dd>
          </dl>
          <h3>Options</h3>
          <OptionsTable link={data} />
        </section>

        <section className="card dash-share" aria-labelledby="share-title">
          <h2 id="share-title">Share</h2>
          <label htmlFor="pay-url">Pay URL</label>
          <div className="dash-url">
            {/* A text area wraps: the whole URL is seen, never cut at the column's edge. */}
            <textarea
              id="pay-url"
              readOnly
              rows={2}
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="pay-url"
            />
            <CopyButton value={url} label="Copy link" />
          </div>
          <p>
            <a href={url} target="_blank" rel="noreferrer">
              Open the checkout page
            </a>
          </p>
          <div className="dash-qr" data-testid="pay-qr">
            <QrCode value={url} label={`QR code of ${url}`} />
          </div>
        </section>
      </div>

      <section className="card" aria-labelledby="payments-title">
        <div className="dash-section-head">
          <h2 id="payments-title">Payments</h2>
          <span className={`dash-small ${streaming ? 'dash-live' : 'dash-muted'}`}>
            {streaming ? '● Live' : 'Refreshing every 5 s'}
          </span>
        </div>
        <PaymentsTable link={data} />
      </section>

      {data.reusable && (
        <section className="card" aria-labelledby="orders-title">
          <h2 id="orders-title">Orders</h2>
          <OrdersSection linkId={data.id} />
        </section>
      )}

      {data.reusable?.pos && (
        <section className="card" aria-labelledby="pos-title">
          <h2 id="pos-title">Point of sale</h2>
          <p>
            <a href={`/pos/${encodeURIComponent(data.id)}`} target="_blank" rel="noreferrer">
              /pos/{data.id}
            </a>
          </p>
          <PosDevicesSection linkId={data.id} />
        </section>
      )}

      <section className="card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook deliveries</h2>
        <DeliveriesSection linkId={data.id} version={data.version} />
      </section>
    </div>
  )
}
