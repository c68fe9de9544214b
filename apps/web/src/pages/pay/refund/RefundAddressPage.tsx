import '../pay.css'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { fetchLink, linkAnswer } from '../../../api/checkout.js'
import { useLiveLink } from '../../../api/useLiveLink.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { explorerUrl } from '../../../lib/explorerUrl.js'
import { AmountText } from '../AmountText.js'
import { LinkNotReady } from '../LinkNotReady.js'
import { PayHeader } from '../PayHeader.js'
import { TxId } from '../TxId.js'
import { RefundAddressForm } from './RefundAddressForm.js'
import { refundablePayments } from './refundablePayments.js'

/**
 * `/pay/:id/refund`: where a Bitcoin payer says where a refund should go. A Bitcoin payment has no
 * single sender address to send back to, so the payer names one and proves it is theirs by
 * signing with a key the payment spent from. On other networks refunds go back to the sender.
 */
export function RefundAddressPage() {
  const { id = '' } = useParams()
  const config = usePaylinkConfig()
  const link = useLiveLink(id, { read: fetchLink, parser: linkAnswer })

  if (link.isPending || link.isError)
    return <LinkNotReady error={link.isError ? link.error : null} retry={() => void link.refetch()} />

  const data = link.data
  const payments = refundablePayments(data)
  return (
    <>
      <PayHeader link={data} />
      <main className="page pay">
        <section className="card" aria-labelledby="refund-title" data-testid="refund-page">
          <h1 id="refund-title">Where should a refund go?</h1>
          <p>
            A Bitcoin payment has no single address to send money back to. If the merchant refunds you, they send it to
            the address you give here, once you have signed it with a key you paid from. Paylink never holds the money.
          </p>
          {payments.length === 0 && (
            <p className="muted" data-testid="refund-none">
              This link has no Bitcoin payment seen on chain. On other networks a refund goes back to the address that
              paid: there is nothing to give here.
            </p>
          )}
          <p>
            <RouterLink to={`/pay/${encodeURIComponent(data.id)}`}>Back to the payment</RouterLink>
          </p>
        </section>
        {payments.map((p) => {
          const option = data.options.find((o) => o.id === p.optionId)
          const network = config.networks.find((n) => n.caipNetworkId === p.caipNetworkId)
          const url = explorerUrl(network, 'tx', p.txHash)
          return (
            <section
              key={p.id}
              className="card"
              aria-label={`Payment ${p.txHash.slice(0, 8)}`}
              data-testid="refund-payment"
            >
              <dl className="receipt-facts">
                <dt>Amount</dt>
                <dd>
                  {p.amount && option ? (
                    <AmountText amount={p.amount} decimals={option.decimals} symbol={option.symbol} strong />
                  ) : (
                    '—'
                  )}
                </dd>
                <dt>Transaction</dt>
                <dd>
                  <TxId hash={p.txHash} url={url} />
                </dd>
                {p.refundAddress && (
                  <>
                    <dt>Refund address</dt>
                    <dd data-testid="refund-address-current">
                      <code className="receipt-long">{p.refundAddress.address}</code> (signed by{' '}
                      <code className="receipt-long">{p.refundAddress.signer}</code>)
                    </dd>
                  </>
                )}
              </dl>
              <RefundAddressForm link={data} payment={p} />
            </section>
          )
        })}
      </main>
    </>
  )
}
