import './scan.css'
import type { Link, PublicConfig } from '@paylink/shared'
import { useId, useState } from 'react'
import { CopyField } from './CopyField.js'
import { groupDigits } from './groupDigits.js'
import { describeScanOption, type ScanOptionFacts } from './describeScanOption.js'
import { PaymentQr } from './PaymentQr.js'
import { scanStatus, type ScanStatus } from './scanStatus.js'
import { useT } from '../../i18n/useT.js'

function StatusLine({ status }: { status: ScanStatus }) {
  const { t } = useT()
  return (
    <p className={`scan-status scan-${status.kind}`} role="status" data-testid="scan-status" data-kind={status.kind}>
      <span className="scan-dot" aria-hidden="true" />
      {status.text}
      {status.kind === 'confirming' && (
        <progress
          className="scan-progress"
          max={status.required}
          value={status.confirmations}
          aria-label={t('scan.progress', { count: status.confirmations, required: status.required })}
        />
      )}
    </p>
  )
}

function StatusNote({ status }: { status: ScanStatus }) {
  if (status.kind !== 'waiting' || !status.note) return null
  return (
    <p className="error" data-testid="scan-note">
      {status.note}
    </p>
  )
}

function HowToPay({ facts, status }: { facts: ScanOptionFacts; status: ScanStatus }) {
  const { t, amount } = useT()
  const amountText = `${amount(facts.amountDisplay)} ${facts.symbol}`
  // Once part is paid the URI (which asks for the whole amount) would pay too much: only the copy fields stay.
  const offerUri = facts.uriMatchesDue
  return (
    <>
      {offerUri && (
        <div className="scan-code">
          <PaymentQr
            uri={facts.paymentUri}
            label={t('scan.qrLabel', { amount: amountText, network: facts.networkName })}
          />
          <p className="muted scan-hint">{t('scan.hint')}</p>
          <a className="button primary scan-open" href={facts.paymentUri} data-testid="scan-open">
            {t('scan.open')}
          </a>
        </div>
      )}
      {!offerUri && status.kind === 'partial' && (
        <p className="muted">{facts.address ? t('scan.restSameAddress') : t('scan.restWithWallet')}</p>
      )}
      <div className="scan-warning" role="note" data-testid="scan-warning">
        <p>
          <strong>{t('scan.network', { network: facts.networkName })}</strong> {facts.networkWarning}
        </p>
        <p>
          {facts.assetWarning} {t('scan.lost')}
        </p>
      </div>
      {facts.address ? (
        <dl className="scan-fields">
          <CopyField label={t('scan.amount')} value={facts.amount} testId="scan-amount">
            <strong className="scan-amount" dir="ltr" title={`${facts.amount} ${facts.symbol}`}>
              {amountText}
            </strong>
          </CopyField>
          <CopyField label={t('scan.address')} value={facts.address} testId="scan-address" wide>
            <code className="scan-address" dir="ltr">
              {facts.address}
            </code>
          </CopyField>
        </dl>
      ) : (
        <p className="muted" data-testid="scan-no-copy">
          {t('scan.noCopy')}
        </p>
      )}
    </>
  )
}

/**
 * "Scan to pay": for the chosen option (options without a payment URI are not offered), the QR
 * of the server's payment URI, "Open in wallet" for a wallet on this phone, the network and
 * token to send on, the exact amount and the address with copy buttons, and the payment's live
 * state from the link the page already follows over server-sent events.
 */
export function ScanToPay({ link, config }: { link: Link; config: PublicConfig }) {
  const { t, amount } = useT()
  const scannable = link.options.flatMap((option) => {
    const facts = describeScanOption(option, config, t)
    return facts ? [{ option, facts }] : []
  })
  const [chosenId, setChosenId] = useState<string | null>(null)
  const radioName = useId()
  const chosen = scannable.find((s) => s.option.id === chosenId) ?? scannable[0]
  if (!chosen) return <p className="muted">{t('scan.walletOnly')}</p>
  const status = scanStatus(chosen.option, link, t)

  return (
    <div className="scan" data-testid="scan-panel">
      {scannable.length > 1 && (
        <fieldset className="scan-choice">
          <legend>{t('scan.choose')}</legend>
          <ul className="option-list">
            {scannable.map(({ option, facts }) => (
              <li key={option.id} className={option === chosen.option ? 'selected' : ''}>
                <label className="option-choice">
                  <input
                    type="radio"
                    name={radioName}
                    checked={option === chosen.option}
                    onChange={() => setChosenId(option.id)}
                    data-testid={`scan-choose-${option.id}`}
                  />
                  <span>
                    <strong dir="ltr">
                      {option.amount === null ? t('scan.noPrice') : amount(groupDigits(option.amount))} {facts.symbol}
                    </strong>{' '}
                    {t('common.onNetwork', { network: facts.networkName })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <StatusLine status={status} />
      <StatusNote status={status} />
      {(status.kind === 'waiting' || status.kind === 'partial') && (
        <HowToPay key={chosen.option.id} facts={chosen.facts} status={status} />
      )}
      {(status.kind === 'seen' || status.kind === 'confirming') && <p className="muted">{t('scan.keepOpen')}</p>}
    </div>
  )
}
