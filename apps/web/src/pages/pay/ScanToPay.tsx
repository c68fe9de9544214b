import './scan.css'
import type { Link, PublicConfig } from '@paylink/shared'
import { useId, useState } from 'react'
import { CopyField } from './CopyField.js'
import { groupDigits } from './groupDigits.js'
import { describeScanOption, type ScanOptionFacts } from './describeScanOption.js'
import { PaymentQr } from './PaymentQr.js'
import { scanStatus, type ScanStatus } from './scanStatus.js'

function StatusLine({ status }: { status: ScanStatus }) {
  return (
    <p className={`scan-status scan-${status.kind}`} role="status" data-testid="scan-status" data-kind={status.kind}>
      <span className="scan-dot" aria-hidden="true" />
      {status.text}
      {status.kind === 'confirming' && (
        <progress
          className="scan-progress"
          max={status.required}
          value={status.confirmations}
          aria-label={`${status.confirmations} of ${status.required} confirmations`}
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
  const amountText = `${facts.amountDisplay} ${facts.symbol}`
  // Once part is paid the URI (which asks for the whole amount) would pay too much: only the copy fields stay.
  const offerUri = facts.uriMatchesDue
  return (
    <>
      {offerUri && (
        <div className="scan-code">
          <PaymentQr uri={facts.paymentUri} label={`QR code to pay ${amountText} on ${facts.networkName}`} />
          <p className="muted scan-hint">Scan with a wallet app, or open one on this device:</p>
          <a className="button primary scan-open" href={facts.paymentUri} data-testid="scan-open">
            Open in wallet
          </a>
        </div>
      )}
      {!offerUri && status.kind === 'partial' && (
        <p className="muted">
          {facts.address
            ? 'Send the rest to the same address:'
            : 'Pay the rest with a wallet connected on the Wallet tab: the QR code asks for the whole amount.'}
        </p>
      )}
      <div className="scan-warning" role="note" data-testid="scan-warning">
        <p>
          <strong>Network: {facts.networkName}.</strong> {facts.networkWarning}
        </p>
        <p>{facts.assetWarning} Anything else sent here may be lost.</p>
      </div>
      {facts.address ? (
        <dl className="scan-fields">
          <CopyField label="Amount" value={facts.amount} testId="scan-amount">
            <strong className="scan-amount" title={`${facts.amount} ${facts.symbol}`}>
              {amountText}
            </strong>
          </CopyField>
          <CopyField label="Address" value={facts.address} testId="scan-address" wide>
            <code className="scan-address">{facts.address}</code>
          </CopyField>
        </dl>
      ) : (
        <p className="muted" data-testid="scan-no-copy">
          No address to copy: this payment is recognised by a reference that only the QR code and &ldquo;Open in
          wallet&rdquo; carry, so a transfer to a copied address would not reach this link.
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
  const scannable = link.options.flatMap((option) => {
    const facts = describeScanOption(option, config)
    return facts ? [{ option, facts }] : []
  })
  const [chosenId, setChosenId] = useState<string | null>(null)
  const radioName = useId()
  const chosen = scannable.find((s) => s.option.id === chosenId) ?? scannable[0]
  if (!chosen) return <p className="muted">This link can only be paid with a connected wallet.</p>
  const status = scanStatus(chosen.option, link)

  return (
    <div className="scan" data-testid="scan-panel">
      {scannable.length > 1 && (
        <fieldset className="scan-choice">
          <legend>Choose what to send</legend>
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
                    <strong>
                      {option.amount === null ? 'No price now' : groupDigits(option.amount)} {facts.symbol}
                    </strong>{' '}
                    on {facts.networkName}
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
      {(status.kind === 'seen' || status.kind === 'confirming') && (
        <p className="muted">
          Keep this page open: it turns to the receipt once the network has confirmed the payment.
        </p>
      )}
    </div>
  )
}
