import type { Link, PublicConfig } from '@paylink/shared'
import { shortHex } from '@paylink/shared'
import { FiatApprox } from '../../components/FiatApprox.js'
import { ContinueToMerchant } from './ContinueToMerchant.js'
import { SettlementNote } from './SettlementNote.js'
import { TxLink } from './PaymentProgress.js'

/** The proof a payer keeps: what was paid, to whom, on which network, with which transactions. */
export function Receipt({ link, config }: { link: Link; config: PublicConfig }) {
  const counted = link.payments.filter((p) => p.counted)
  return (
    <section className="card receipt" data-testid="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">✓ Paid</h2>
      <p>
        {link.title} · merchant <code title={link.merchantAddress}>{shortHex(link.merchantAddress)}</code>
        {link.paidAt && (
          <>
            {' '}
            on <time dateTime={link.paidAt}>{new Date(link.paidAt).toLocaleString()}</time>
          </>
        )}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Amount</th>
            <th scope="col">Network</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {counted.map((p) => {
            const option = link.options.find((o) => o.id === p.optionId)
            return (
              <tr key={p.id}>
                <td data-label="Amount">
                  {p.amount} {option?.symbol}
                  {p.quote?.fiatValue && (
                    <>
                      {' '}
                      <FiatApprox currency={p.quote.currency} amount={p.quote.fiatValue} />
                    </>
                  )}
                </td>
                <td data-label="Network">{config.networks.find((n) => n.caipNetworkId === p.caipNetworkId)?.name ?? p.caipNetworkId}</td>
                <td data-label="From">{p.payer ? <code title={p.payer}>{shortHex(p.payer)}</code> : '—'}</td>
                <td data-label="To">{option ? <code title={option.recipient}>{shortHex(option.recipient)}</code> : '—'}</td>
                <td data-label="Transaction">
                  <TxLink config={config} caipNetworkId={p.caipNetworkId} txHash={p.txHash} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <SettlementNote link={link} />
      <button type="button" onClick={() => window.print()}>
        Print receipt
      </button>
      <ContinueToMerchant link={link} />
    </section>
  )
}
