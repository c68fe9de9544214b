import type { Link } from '@paylink/shared'
import { TransactionCell } from '../TransactionCell.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { shortHex } from '@paylink/shared'
import { explorerUrl } from '../../../lib/explorerUrl.js'
import { formatConfirmations, paymentReasonTexts } from '../format.js'
import { DashTable, TimeCell } from '../DashTable.js'
import { AmountText } from '../../pay/AmountText.js'
import { PaymentStatusBadge } from '../StatusBadge.js'
import { lateBadgeTitle } from './lateBadgeTitle.js'
import { RefundForm } from './RefundForm.js'

export function PaymentsTable({ link }: { link: Link }) {
  const { networks } = usePaylinkConfig()
  if (link.payments.length === 0) {
    return (
      <p className="dash-empty-inline">
        No payments yet. Share the pay URL or the QR code; payments show up here as soon as they are sent.
      </p>
    )
  }
  return (
    <DashTable
      testId="payments-table"
      columns={['Payer', 'Amount', 'Status', 'Confirmations', 'Transaction', 'Submitted', 'Refunds']}
    >
      {link.payments.map((p) => {
        const option = link.options.find((o) => o.id === p.optionId) ?? link.options.find((o) => o.asset === p.asset)
        const network = networks.find((n) => n.caipNetworkId === p.caipNetworkId)
        const explorer = explorerUrl(network, 'tx', p.txHash)
        return (
          <tr key={p.id} data-testid={`payment-${p.txHash}`}>
            <td data-label="Payer">
              {p.payer ? <code title={p.payer}>{shortHex(p.payer)}</code> : <span className="dash-muted">—</span>}
            </td>
            <td data-label="Amount" className="num">
              {p.amount !== null && option ? (
                <AmountText amount={p.amount} decimals={option.decimals} symbol={option.symbol} />
              ) : p.amount !== null ? (
                p.amount
              ) : (
                <span className="dash-muted">—</span>
              )}
            </td>
            <td data-label="Status">
              <PaymentStatusBadge status={p.status} />
              {p.late && (
                <span className="badge badge-late" title={lateBadgeTitle(p, link.latePaymentGraceSeconds)}>
                  Late
                </span>
              )}
              {p.reason && <div className="dash-reason">{paymentReasonTexts[p.reason]}</div>}
            </td>
            <td data-label="Confirmations" className="num">
              {formatConfirmations(p.confirmations, p.requiredConfirmations)}
            </td>
            <td data-label="Transaction">
              <TransactionCell txHash={p.txHash} explorer={explorer} network={network?.name ?? p.caipNetworkId} />
            </td>
            <TimeCell label="Submitted" at={p.createdAt} />
            <td data-label="Refunds" data-testid={`refunds-${p.id}`}>
              {p.refunds.map((r) => {
                const link = explorerUrl(network, 'tx', r.txHash)
                return (
                  <div key={r.id} className="dash-small">
                    Refunded <span className="num">{r.amount}</span> {option?.symbol ?? ''} ·{' '}
                    {link ? (
                      <a href={link} target="_blank" rel="noreferrer" title={r.txHash}>
                        {shortHex(r.txHash, 6)}
                      </a>
                    ) : (
                      <code title={r.txHash}>{shortHex(r.txHash, 6)}</code>
                    )}
                  </div>
                )
              })}
              <RefundForm link={link} payment={p} />
            </td>
          </tr>
        )
      })}
    </DashTable>
  )
}
