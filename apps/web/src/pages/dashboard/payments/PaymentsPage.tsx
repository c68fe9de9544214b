import { formatFiat, paymentStatuses, shortHex, type ListedPayment, type PaymentList } from '@paylink/shared'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { listPayments, type PaymentFilters } from '../../../api/merchant.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { TransactionCell } from '../TransactionCell.js'
import { explorerUrl } from '../../../lib/explorerUrl.js'
import { DashTable, LoadError, LoadMore, TimeCell } from '../DashTable.js'
import { AmountText } from '../../pay/AmountText.js'
import { assetLabel, formatAmount, formatConfirmations, paymentReasonTexts, paymentStatusLabels } from '../format.js'
import { OrderOf } from '../OrderOf.js'
import { PaymentStatusBadge } from '../StatusBadge.js'
import { RefreshableHeading } from '../RefreshableHeading.js'

/** One filter of the form: its label over its control (the control's id is `id`). */
function Filter({ id, label, search, children }: { id: string; label: string; search?: boolean; children: ReactNode }) {
  return (
    <div className={search ? 'dash-filter dash-filter-search' : 'dash-filter'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  )
}

/** A select's choices from `[value, text]` pairs. */
const options = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ))

/** A day picked in the form (local midnight) as an ISO instant; `to` is the day after (exclusive). */
const dayStart = (day: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y!, m! - 1, d! + plusDays).toISOString()
}

function Totals({ list }: { list: PaymentList }) {
  const { networks } = usePaylinkConfig()
  const networkNameOf = (assetId: string) =>
    networks.find((n) => assetId.startsWith(`${n.caipNetworkId}/`))?.name ?? assetId.split('/')[0]
  if (list.totals.length === 0 && list.fiatTotals.length === 0) return null
  return (
    <ul className="dash-totals" data-testid="payment-totals" aria-label="Totals of the payments shown">
      {list.fiatTotals.map((t) => (
        <li key={t.currency} data-testid={`fiat-total-${t.currency}`}>
          <span
            className="dash-muted dash-small"
            title="Payments to links priced in this currency, each at the rate it was quoted"
          >
            {t.currency} received (at the quotes)
          </span>
          <strong className="num">{formatFiat(t.confirmed, t.currency)}</strong>
          {/[1-9]/.test(t.confirming) && (
            <span className="dash-muted dash-small">+ {formatFiat(t.confirming, t.currency)} confirming</span>
          )}
        </li>
      ))}
      {list.totals.map((t) => (
        <li key={t.asset} data-testid={`asset-total-${t.symbol}`}>
          {/* Test USD exists on several networks: each card says which one it counts. */}
          <span className="dash-muted dash-small">
            {t.symbol} received on {networkNameOf(t.asset)}
          </span>
          <strong className="num">
            <AmountText amount={t.confirmed} decimals={t.decimals} symbol={t.symbol} />
          </strong>
          {t.confirming !== '0' && (
            <span className="dash-muted dash-small">
              + <AmountText amount={t.confirming} decimals={t.decimals} symbol={t.symbol} /> confirming
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

function PaymentRow({ payment }: { payment: ListedPayment }) {
  const { networks, assets } = usePaylinkConfig()
  const decimals = assets.find((a) => a.assetId.toLowerCase() === payment.asset?.toLowerCase())?.decimals
  const network = networks.find((n) => n.caipNetworkId === payment.caipNetworkId)
  const explorer = explorerUrl(network, 'tx', payment.txHash)
  return (
    <tr data-testid={`payments-row-${payment.id}`}>
      <td data-label="Link">
        {payment.orderOf !== null && payment.linkId !== null ? (
          <OrderOf
            linkId={payment.orderOf}
            title={payment.linkTitle}
            orderId={payment.linkId}
            testId="payment-order-of"
          />
        ) : payment.linkId !== null ? (
          <Link to={`/dashboard/links/${encodeURIComponent(payment.linkId)}`}>{payment.linkTitle}</Link>
        ) : payment.subscription ? (
          // Pulled from the payer's wallet by the collector: no link, the plan it renewed.
          <Link to="/dashboard/subscriptions" title={payment.subscription.id} data-testid="payment-renewal-of">
            Renewal of {payment.linkTitle}
          </Link>
        ) : (
          // An x402 payment has no link: the resource it paid for.
          <span title={payment.x402?.resourceUrl ?? undefined}>x402 · {payment.linkTitle}</span>
        )}
      </td>
      <td data-label="Amount" className="num">
        {payment.amount !== null && decimals !== undefined ? (
          <AmountText amount={payment.amount} decimals={decimals} symbol={payment.symbol ?? ''} />
        ) : payment.amount !== null ? (
          <span title={`${payment.amount} ${payment.symbol ?? ''}`}>
            {formatAmount(payment.amount)} {payment.symbol}
          </span>
        ) : (
          <span className="dash-muted">—</span>
        )}
      </td>
      <td data-label="Status">
        <PaymentStatusBadge status={payment.status} />
        {payment.status === 'confirming' && (
          <div className="dash-small dash-muted">
            {formatConfirmations(payment.confirmations, payment.requiredConfirmations)}
          </div>
        )}
        {payment.reason && <div className="dash-reason">{paymentReasonTexts[payment.reason]}</div>}
      </td>
      <td data-label="Payer">
        {payment.payer ? (
          <code title={payment.payer}>{shortHex(payment.payer)}</code>
        ) : (
          <span className="dash-muted">—</span>
        )}
      </td>
      <td data-label="Transaction">
        <TransactionCell txHash={payment.txHash} explorer={explorer} network={network?.name ?? payment.caipNetworkId} />
      </td>
      <TimeCell label="Recorded" at={payment.createdAt} />
    </tr>
  )
}

/**
 * Every payment of every link, newest first (`GET /api/payments`): filters by status, asset and
 * day range, a search box, totals per asset for everything the filters match, and "Load more"
 * by cursor, so a merchant with thousands of payments reads 50 at a time.
 */
export function PaymentsPage() {
  const { assets, networks } = usePaylinkConfig()
  const [filters, setFilters] = useState<PaymentFilters>({})
  const [draft, setDraft] = useState({ status: '', asset: '', from: '', to: '', q: '' })
  const [rangeError, setRangeError] = useState<string | null>(null)
  const payments = useInfiniteQuery({
    queryKey: ['payments', filters],
    queryFn: ({ pageParam }) => listPayments(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  })
  const first = payments.data?.pages[0]
  const rows = payments.data?.pages.flatMap((page) => page.payments) ?? []
  const filtered = Object.values(filters).some(Boolean)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    if (draft.from && draft.to && draft.to < draft.from) {
      setRangeError('The end date must be on or after the start date.')
      return
    }
    setRangeError(null)
    setFilters({
      status: draft.status || undefined,
      asset: draft.asset || undefined,
      from: draft.from ? dayStart(draft.from) : undefined,
      to: draft.to ? dayStart(draft.to, 1) : undefined,
      q: draft.q.trim() || undefined,
    })
  }
  /** A filter's control, bound to its field of the draft: `id` names it for its label. */
  const edit = (field: keyof typeof draft) => ({
    id: `payments-${field}`,
    value: draft[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [field]: e.target.value }),
  })
  const clear = () => {
    setDraft({ status: '', asset: '', from: '', to: '', q: '' })
    setRangeError(null)
    setFilters({})
  }

  return (
    <section className="card" aria-labelledby="payments-page-title">
      <RefreshableHeading id="payments-page-title" title="Payments" query={payments} />
      <form className="dash-filters" onSubmit={apply} role="search" aria-label="Filter payments">
        <Filter id="payments-q" label="Search" search>
          <input
            {...edit('q')}
            type="search"
            maxLength={200}
            placeholder="Link id, title, payer address or transaction id"
          />
        </Filter>
        <Filter id="payments-status" label="Status">
          <select {...edit('status')}>
            <option value="">Any status</option>
            {options(paymentStatuses.map((s) => [s, paymentStatusLabels[s]]))}
          </select>
        </Filter>
        <Filter id="payments-asset" label="Asset">
          <select {...edit('asset')}>
            <option value="">Any asset</option>
            {options(assets.map((a) => [a.assetId, assetLabel(a, networks)]))}
          </select>
        </Filter>
        <Filter id="payments-from" label="From">
          <input {...edit('from')} type="date" />
        </Filter>
        <Filter id="payments-to" label="To (inclusive)">
          <input
            {...edit('to')}
            type="date"
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? 'payments-range-error' : undefined}
          />
        </Filter>
        <div className="dash-filter-actions">
          <button type="submit" className="primary">
            Apply
          </button>
          {filtered && (
            <button type="button" onClick={clear}>
              Clear filters
            </button>
          )}
        </div>
        {rangeError && (
          <p id="payments-range-error" role="alert" className="error">
            {rangeError}
          </p>
        )}
      </form>
      {payments.isPending && <p role="status">Loading payments…</p>}
      {payments.isError && <LoadError what="Your payments" error={payments.error} retry={payments.refetch} />}
      {first && (
        <>
          <p className="dash-muted" role="status" data-testid="payments-count">
            {first.matched === 0
              ? filtered
                ? 'No payment matches these filters.'
                : 'No payments yet: they appear here as soon as a payer sends one to any of your links.'
              : `${first.matched.toLocaleString('en-US')} ${first.matched === 1 ? 'payment' : 'payments'}${filtered ? ' match' : ''}; showing ${rows.length.toLocaleString('en-US')}, newest first.`}
          </p>
          <Totals list={first} />
        </>
      )}
      {rows.length > 0 && (
        <DashTable
          testId="all-payments-table"
          columns={['Link', 'Amount', 'Status', 'Payer', 'Transaction', 'Recorded']}
        >
          {rows.map((p) => (
            <PaymentRow key={p.id} payment={p} />
          ))}
        </DashTable>
      )}
      <LoadMore query={payments} testId="payments-load-more" />
    </section>
  )
}
