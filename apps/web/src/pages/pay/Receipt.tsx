import { paidAddressOf, payeeLabel, type Link, type PublicConfig } from '@paylink/shared'
import { Link as RouterLink } from 'react-router-dom'
import { CopyButton } from '../../components/CopyButton.js'
import { FiatApprox } from '../../components/FiatApprox.js'
import { explorerUrl } from '../../lib/explorerUrl.js'
import { AmountText } from './AmountText.js'
import { ContinueToMerchant } from './ContinueToMerchant.js'
import { ReceiptEmailForm } from './ReceiptEmailForm.js'
import { SettlementNote } from './SettlementNote.js'
import { TxId } from './TxId.js'
import { useT } from '../../i18n/useT.js'

/**
 * The proof a payer keeps: receipt number, merchant, what was paid with its unit, on which
 * network, from which address to which (each written once, in full), the full transaction id with the
 * explorer's page, the date. Printable (pay.css hides everything else on paper).
 */
export function Receipt({ link, config }: { link: Link; config: PublicConfig }) {
  const counted = link.payments.filter((p) => p.counted)
  const { t, date } = useT()
  return (
    <section className="card receipt" data-testid="receipt" aria-labelledby="receipt-title">
      <div className="receipt-head">
        <h2 id="receipt-title">✓ {t('status.paid')}</h2>
        <p>
          {t('receipt.number')}{' '}
          <strong data-testid="receipt-number" dir="ltr">
            {link.receiptNumber}
          </strong>
        </p>
      </div>
      {link.merchantNotified && (
        <p className="muted" data-testid="merchant-notified">
          {t('receipt.notified')}
        </p>
      )}
      <dl className="receipt-facts">
        <dt>{t('receipt.paidTo')}</dt>
        <dd data-testid="receipt-merchant">{payeeLabel(link)}</dd>
        <dt>{t('receipt.for')}</dt>
        <dd>{link.title}</dd>
        {link.paidAt && (
          <>
            <dt>{t('receipt.date')}</dt>
            <dd data-testid="receipt-date">
              <time dateTime={link.paidAt}>{date(link.paidAt, { dateStyle: 'long', timeStyle: 'short' })}</time>
            </dd>
          </>
        )}
      </dl>
      {counted.map((p) => {
        const option = link.options.find((o) => o.id === p.optionId)
        const network = config.networks.find((n) => n.caipNetworkId === p.caipNetworkId)
        const url = explorerUrl(network, 'tx', p.txHash)
        const to = option ? paidAddressOf(option) : null
        return (
          <dl key={p.id} className="receipt-facts receipt-payment" data-testid="receipt-payment">
            <dt>{t('receipt.amount')}</dt>
            <dd data-testid="receipt-amount">
              {p.amount && option ? (
                <AmountText amount={p.amount} decimals={option.decimals} symbol={option.symbol} strong />
              ) : (
                '—'
              )}
              {p.quote?.fiatValue && (
                <>
                  {' '}
                  <FiatApprox currency={p.quote.currency} amount={p.quote.fiatValue} />
                </>
              )}
            </dd>
            <dt>{t('receipt.network')}</dt>
            <dd>{network?.name ?? p.caipNetworkId}</dd>
            {to && (
              <>
                <dt>{t('receipt.to')}</dt>
                <dd>
                  <code className="receipt-long" dir="ltr" data-testid="receipt-to">
                    {to}
                  </code>
                </dd>
              </>
            )}
            {p.payer && (
              <>
                <dt>{t('receipt.from')}</dt>
                <dd>
                  <code className="receipt-long" dir="ltr" data-testid="receipt-payer">
                    {p.payer}
                  </code>
                </dd>
              </>
            )}
            <dt>{t('tx.label')}</dt>
            <dd>
              <TxId hash={p.txHash} url={url} testId="receipt-tx" />{' '}
              <span className="no-print">
                <CopyButton value={p.txHash} label={t('receipt.copyTx')} copiedText={t('common.copied')} />
              </span>
            </dd>
            {p.caipNetworkId.startsWith('bip122:') && (
              <>
                <dt>{t('receipt.refundAddress')}</dt>
                <dd data-testid="receipt-refund-address">
                  {p.refundAddress && (
                    <>
                      <code className="receipt-long" dir="ltr">
                        {p.refundAddress.address}
                      </code>{' '}
                    </>
                  )}
                  <RouterLink className="no-print" to={`/pay/${encodeURIComponent(link.id)}/refund`}>
                    {p.refundAddress ? t('receipt.refundChange') : t('receipt.refundGive')}
                  </RouterLink>
                </dd>
              </>
            )}
            {p.refunds.map((r) => {
              const refundUrl = explorerUrl(network, 'tx', r.txHash)
              return (
                <div key={r.id} className="receipt-refund" data-testid="receipt-refund">
                  <dt>{t('receipt.refunded')}</dt>
                  <dd>
                    {option ? (
                      <AmountText amount={r.amount} decimals={option.decimals} symbol={option.symbol} />
                    ) : (
                      r.amount
                    )}{' '}
                    {t('receipt.refundedOn')}{' '}
                    <time dateTime={r.createdAt}>{date(r.createdAt, { dateStyle: 'medium' })}</time>
                    {', '}
                    <TxId hash={r.txHash} url={refundUrl} />
                  </dd>
                </div>
              )
            })}
          </dl>
        )
      })}
      <SettlementNote link={link} />
      <div className="receipt-actions no-print">
        <button type="button" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
        {config.receiptEmail && link.receiptEmail && <ReceiptEmailForm linkId={link.id} paid />}
      </div>
      <ContinueToMerchant link={link} />
    </section>
  )
}
