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
import { useT } from '../../../i18n/useT.js'

/**
 * `/pay/:id/refund`: where a Bitcoin payer says where a refund should go. A Bitcoin payment has no
 * single sender address to send back to, so the payer names one and proves it is theirs by
 * signing with a key the payment spent from. On other networks refunds go back to the sender.
 */
export function RefundAddressPage() {
  const { id = '' } = useParams()
  const config = usePaylinkConfig()
  const link = useLiveLink(id, { read: fetchLink, parser: linkAnswer })
  const { t, rich } = useT()

  if (link.isPending || link.isError)
    return <LinkNotReady error={link.isError ? link.error : null} retry={() => void link.refetch()} />

  const data = link.data
  const payments = refundablePayments(data)
  return (
    <>
      <PayHeader merchant={data.merchant} />
      <main className="page pay">
        <section className="card" aria-labelledby="refund-title" data-testid="refund-page">
          <h1 id="refund-title">{t('refund.title')}</h1>
          <p>{t('refund.intro')}</p>
          {payments.length === 0 && (
            <p className="muted" data-testid="refund-none">
              {t('refund.none')}
            </p>
          )}
          <p>
            <RouterLink to={`/pay/${encodeURIComponent(data.id)}`}>{t('refund.back')}</RouterLink>
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
              aria-label={t('refund.paymentLabel', { hash: p.txHash.slice(0, 8) })}
              data-testid="refund-payment"
            >
              <dl className="receipt-facts">
                <dt>{t('receipt.amount')}</dt>
                <dd>
                  {p.amount && option ? (
                    <AmountText amount={p.amount} decimals={option.decimals} symbol={option.symbol} strong />
                  ) : (
                    '—'
                  )}
                </dd>
                <dt>{t('tx.label')}</dt>
                <dd>
                  <TxId hash={p.txHash} url={url} />
                </dd>
                {p.refundAddress && (
                  <>
                    <dt>{t('receipt.refundAddress')}</dt>
                    <dd data-testid="refund-address-current">
                      <code className="receipt-long" dir="ltr">
                        {p.refundAddress.address}
                      </code>{' '}
                      {rich('refund.signedBy', {
                        signer: (
                          <code className="receipt-long" dir="ltr">
                            {p.refundAddress.signer}
                          </code>
                        ),
                      })}
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
