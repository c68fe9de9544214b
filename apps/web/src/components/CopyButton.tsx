import { useState } from 'react'

export function CopyButton({
  value,
  label = 'Copy',
  copiedText = 'Copied',
}: {
  value: string
  label?: string
  /** What the button says for a moment after copying (the payer's pages pass it in the payer's language). */
  copiedText?: string
}) {
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="copy"
      aria-label={`${label}: ${value}`}
      onClick={async () => {
        await navigator.clipboard?.writeText(value).catch(() => undefined)
        setCopied(true)
        setTimeout(() => setCopied(false), 1500)
      }}
    >
      {copied ? copiedText : label}
    </button>
  )
}
