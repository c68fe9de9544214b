import { useEffect, useId, useRef } from 'react'

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
        <strong>Pay again?</strong>
      </p>
      <p id={`${id}-text`}>{text} Paying now would pay twice; wait for it below unless you mean to pay again.</p>
      <div className="pay-again-actions">
        <button type="button" ref={dontPay} className="primary" onClick={onDontPay}>
          Don&apos;t pay
        </button>
        <button type="button" onClick={onPayAgain}>
          Pay again anyway
        </button>
      </div>
    </div>
  )
}
