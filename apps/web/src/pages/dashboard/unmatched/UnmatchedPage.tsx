import { shortHex, type UnmatchedPayment } from '@paylink/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { listLinks } from '../../../api/merchant.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../../components/CopyButton.js'
import { TransactionCell } from '../TransactionCell.js'
import { explorerUrl } from '../../../lib/explorerUrl.js'
import { DashTable, LoadError } from '../DashTable.js'
import { formatAmount, formatDateTime } from '../format.js'
import { attachUnmatched, listUnmatched, markUnmatchedRefunded } from './unmatchedApi.js'
import { RefreshableHeading } from '../RefreshableHeading.js'

const reasonTexts: Record<UnmatchedPayment['reason'], string> = {
  no_link: 'sent to your address with no link',
  link_closed: 'sent to a link that was already paid, expired or switched off',
}

/** The end of a row's form: submit (while `ready`), Cancel, and the server's refusal under them. */
function SubmitOrCancel({
  label,
  pendingLabel,
  action,
  ready = true,
  onCancel,
}: {
  label: string
  pendingLabel: string
  action: { isPending: boolean; error: Error | null }
  ready?: boolean
  onCancel: () => void
}) {
  return (
    <>
      <button type="submit" disabled={!ready || action.isPending}>
        {action.isPending ? pendingLabel : label}
      </button>{' '}
      <button type="button" onClick={onCancel} disabled={action.isPending}>
        Cancel
      </button>
      {action.error && (
        <p role="alert" className="error">
          {action.error.message}
        </p>
      )}
    </>
  )
}

function Actions({ row }: { row: UnmatchedPayment }) {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<'attach' | 'refund' | null>(null)
  const [linkId, setLinkId] = useState('')
  const [refundTxHash, setRefundTxHash] = useState('')
  const links = useQuery({ queryKey: ['links'], queryFn: listLinks, enabled: mode === 'attach' })
  const done = () => {
    setMode(null)
    void queryClient.invalidateQueries({ queryKey: ['unmatched'] })
    void queryClient.invalidateQueries({ queryKey: ['links'] })
  }
  const attach = useMutation({ mutationFn: () => attachUnmatched(row.id, linkId), onSuccess: done })
  const refund = useMutation({ mutationFn: () => markUnmatchedRefunded(row.id, refundTxHash.trim()), onSuccess: done })

  if (row.status === 'attached')
    return row.attachedLinkId ? (
      <span>
        Counted for <Link to={`/dashboard/links/${encodeURIComponent(row.attachedLinkId)}`}>its link</Link>
      </span>
    ) : (
      <span>Attached</span>
    )
  if (row.status === 'refunded')
    return (
      <span>Refunded{row.refundTxHash && <code title={row.refundTxHash}> {shortHex(row.refundTxHash, 6)}</code>}</span>
    )
  // Links that can count it: an option in the same asset on the same network.
  const candidates = (links.data ?? []).filter((link) => link.options.some((option) => option.asset === row.asset))
  const submitAttach = (event: FormEvent) => {
    event.preventDefault()
    if (linkId) attach.mutate()
  }
  const submitRefund = (event: FormEvent) => {
    event.preventDefault()
    refund.mutate()
  }
  return (
    <div className="dash-unmatched-actions">
      {mode === null && (
        <>
          <button type="button" onClick={() => setMode('attach')}>
            Attach to link
          </button>{' '}
          <button type="button" onClick={() => setMode('refund')}>
            Mark refunded
          </button>
        </>
      )}
      {mode === 'attach' && (
        <form onSubmit={submitAttach}>
          {links.isPending && <p role="status">Loading your links…</p>}
          {links.isError && <LoadError what="Your links" error={links.error} retry={links.refetch} />}
          {links.data && candidates.length === 0 && (
            <p className="dash-muted">No link of yours takes {row.symbol} on this network.</p>
          )}
          {candidates.length > 0 && (
            <label>
              Link
              <select value={linkId} onChange={(event) => setLinkId(event.target.value)} data-testid="unmatched-link">
                <option value="">Choose a link</option>
                {candidates.map((link) => (
                  <option key={link.id} value={link.id}>
                    {link.title} ({link.status.replace('_', ' ')})
                  </option>
                ))}
              </select>
            </label>
          )}{' '}
          <SubmitOrCancel
            label="Attach"
            pendingLabel="Attaching…"
            action={attach}
            ready={linkId !== ''}
            onCancel={() => setMode(null)}
          />
        </form>
      )}
      {mode === 'refund' && (
        <form onSubmit={submitRefund}>
          <label>
            Refund transaction (optional)
            <input
              value={refundTxHash}
              onChange={(event) => setRefundTxHash(event.target.value)}
              maxLength={100}
              spellCheck={false}
              autoComplete="off"
            />
          </label>{' '}
          <SubmitOrCancel label="Mark refunded" pendingLabel="Saving…" action={refund} onCancel={() => setMode(null)} />
        </form>
      )}
    </div>
  )
}

function UnmatchedRow({ row }: { row: UnmatchedPayment }) {
  const { networks } = usePaylinkConfig()
  const network = networks.find((n) => n.caipNetworkId === row.caipNetworkId)
  const explorer = explorerUrl(network, 'tx', row.txHash)
  return (
    <tr data-testid={`unmatched-row-${row.id}`}>
      <td data-label="Amount" className="num">
        <span title={`${row.amount} ${row.symbol}`}>
          {formatAmount(row.amount)} {row.symbol}
        </span>
        <div className="dash-muted dash-small">{network?.name ?? row.caipNetworkId}</div>
      </td>
      <td data-label="Transaction">
        <TransactionCell txHash={row.txHash} explorer={explorer} />
        <div className="dash-reason">{reasonTexts[row.reason]}</div>
      </td>
      <td data-label="Sender">
        <code title={row.sender}>{shortHex(row.sender)}</code> <CopyButton value={row.sender} />
      </td>
      <td data-label="Received">
        <time dateTime={row.minedAt ?? row.createdAt}>{formatDateTime(row.minedAt ?? row.createdAt)}</time>
      </td>
      <td data-label="Action">
        <Actions row={row} />
      </td>
    </tr>
  )
}

/**
 * Payments that reached the merchant but paid no open option (`GET /api/unmatched`): each can be
 * attached to a link, which then counts it, or marked refunded. Nothing sent to the merchant is lost.
 */
export function UnmatchedPage() {
  const unmatched = useQuery({ queryKey: ['unmatched'], queryFn: listUnmatched })
  const rows = unmatched.data ?? []
  return (
    <section className="card" aria-labelledby="unmatched-title">
      <RefreshableHeading id="unmatched-title" title="Unmatched" query={unmatched} />
      <p className="dash-muted">
        Money that reached your address or a link&apos;s deposit address but paid no open link: a payment with no link,
        after the link was paid or expired. Attach it to the link it was meant for, or send it back and mark it
        refunded.
      </p>
      {unmatched.isPending && <p role="status">Loading unmatched payments…</p>}
      {unmatched.isError && <LoadError what="Unmatched payments" error={unmatched.error} retry={unmatched.refetch} />}
      {unmatched.data && rows.length === 0 && (
        <p className="dash-empty">No unmatched payments: everything you received was counted by a link.</p>
      )}
      {rows.length > 0 && (
        <DashTable testId="unmatched-table" columns={['Amount', 'Transaction', 'Sender', 'Received', 'Action']}>
          {rows.map((row) => (
            <UnmatchedRow key={row.id} row={row} />
          ))}
        </DashTable>
      )}
    </section>
  )
}
