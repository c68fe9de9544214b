import { useEffect, useId, useRef } from 'react'
import { useT } from '../../i18n/useT.js'

/**
 * Asked in place of the Pay button when a payment from this wallet is already on its way: paying
 * again would pay twice. "Don't pay" takes the focus, so a hurried Enter does not pay twice.
 */
export function PayAgainQuestion({
  text,
  onPayAgain,
  onDontPay,
}: {
  text: string
  onPayAgain(): void
  onDontPay(): void
}) {
  const id = useId()
  const dontPay = useRef<HTMLButtonElement>(null)
  const { t } = useT()
  useEffect(() => dontPay.current?.focus(), [])
  return (
    <div
      className="pay-again"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="pay-again"
    >
      <p id={`${id}-title`}>
        <strong>{t('payAgain.title')}</strong>
      </p>
      <p id={`${id}-text`}>
        {text} {t('payAgain.text')}
      </p>
      <div className="pay-again-actions">
        <button type="button" ref={dontPay} className="primary" onClick={onDontPay}>
          {t('payAgain.dontPay')}
        </button>
        <button type="button" onClick={onPayAgain}>
          {t('payAgain.anyway')}
        </button>
      </div>
    </div>
  )
}
