import type { Link, Payment, PublicConfig } from '@paylink/shared'
import { CopyButton } from '../../components/CopyButton.js'
import { explorerUrl } from '../../lib/explorerUrl.js'
import { shortHex } from '@paylink/shared'
import { AmountText } from './AmountText.js'
import { describePayment, type PaymentStep } from './describePayment.js'
import { m, useT, type MessageId } from '../../i18n/useT.js'

const steps: Array<{ step: PaymentStep | 'paid'; label: MessageId }> = [
  { step: 'submitted', label: m('steps.sent') },
  { step: 'detected', label: m('steps.detected') },
  { step: 'confirmed', label: m('steps.confirmed') },
  { step: 'paid', label: m('steps.paid') },
]

export function TxLink({
  config,
  caipNetworkId,
  txHash,
}: {
  config: PublicConfig
  caipNetworkId: string
  txHash: string
}) {
  const network = config.networks.find((n) => n.caipNetworkId === caipNetworkId)
  const url = explorerUrl(network, 'tx', txHash)
  const { t } = useT()
  return (
    <span className="tx" dir="ltr">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" title={txHash}>
          {shortHex(txHash, 6)} ↗
        </a>
      ) : (
        <code title={txHash}>{shortHex(txHash, 6)}</code>
      )}{' '}
      <CopyButton value={txHash} label={t('tx.copyHash')} copiedText={t('common.copied')} />
    </span>
  )
}

/** One payment's way from the wallet to "paid", as the server sees it, live. */
export function PaymentProgress({
  payment,
  link,
  config,
  mine,
}: {
  payment: Payment
  link: Link
  config: PublicConfig
  mine: boolean
}) {
  const { t } = useT()
  const description = describePayment(payment, t)
  const option = link.options.find((o) => o.id === payment.optionId)
  const linkPaid = link.status === 'paid' && description.step === 'confirmed' && !payment.late
  const reached = linkPaid ? 3 : ['submitted', 'detected', 'confirmed'].indexOf(description.step)
  const network = config.networks.find((n) => n.caipNetworkId === payment.caipNetworkId)
  return (
    <li className={`payment payment-${description.step}`} data-testid="payment-progress" data-status={payment.status}>
      <p className="payment-head">
        <strong>{mine ? t('payment.yours') : t('payment.title')}</strong>
        {payment.amount && option && (
          <span>
            {' '}
            <AmountText amount={payment.amount} decimals={option.decimals} symbol={option.symbol} />
          </span>
        )}{' '}
        <span className="muted">{t('common.onNetwork', { network: network?.name ?? payment.caipNetworkId })}</span>
      </p>
      {description.step !== 'failed' && (
        <ol className="steps" aria-label={t('steps.label')}>
          {steps.map((s, i) => (
            <li
              key={s.step}
              className={i <= reached ? 'done' : i === reached + 1 ? 'next' : ''}
              aria-current={i === reached ? 'step' : undefined}
            >
              {t(s.label)}
            </li>
          ))}
        </ol>
      )}
      <p className="payment-headline" role="status" data-testid="payment-headline">
        {linkPaid ? t('payment.paid') : description.headline}
      </p>

      {description.detail && <p className="muted">{description.detail}</p>}
      <p className="muted">
        {t('tx.label')} <TxLink config={config} caipNetworkId={payment.caipNetworkId} txHash={payment.txHash} />
      </p>
    </li>
  )
}
