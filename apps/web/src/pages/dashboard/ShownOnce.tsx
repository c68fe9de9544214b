import { useEffect, useRef, type ReactNode } from 'react'
import { CopyButton } from '../../components/CopyButton.js'

/** A secret the server shows only once (webhook secret, API key token), with copy and a warning. */
export function ShownOnce({
  title,
  value,
  copyLabel,
  testId,
  onDone,
  children,
}: {
  title: string
  value: string
  copyLabel: string
  testId: string
  onDone: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  // Keyboard and screen-reader users land on the secret, not somewhere below it.
  useEffect(() => ref.current?.focus(), [])
  return (
    <section className="dash-secret" aria-label={title} data-testid={testId} tabIndex={-1} ref={ref}>
      <h3>{title}</h3>
      {children}
      <div className="dash-token">
        <code data-testid="secret-value">{value}</code> <CopyButton value={value} label={copyLabel} />
      </div>
      <button type="button" onClick={onDone}>
        I have saved it
      </button>
    </section>
  )
}
