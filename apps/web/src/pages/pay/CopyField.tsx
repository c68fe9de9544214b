import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useT } from '../../i18n/useT.js'

type Copy = 'idle' | 'copied' | 'failed'

/**
 * One fact a payer types into another app (the amount, the address): shown as people read it,
 * copied exactly as `value`, with a big button that says "Copied" (and tells screen readers).
 * `wide` values (an address) take a line of their own, the button below them.
 * Where the clipboard is refused, the value is selected so a long press or Ctrl+C still works.
 */
export function CopyField({
  label,
  value,
  testId,
  wide = false,
  children,
}: {
  label: string
  value: string
  testId: string
  wide?: boolean
  children: ReactNode
}) {
  const [state, setState] = useState<Copy>('idle')
  const valueRef = useRef<HTMLElement>(null)
  const id = useId()
  const { t, locale } = useT()
  // The label inside a sentence: lower case, except in German, where nouns keep their capital.
  const what = locale === 'de' ? label : label.toLocaleLowerCase(locale)
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      const range = document.createRange()
      if (valueRef.current) range.selectNodeContents(valueRef.current)
      window.getSelection()?.removeAllRanges()
      window.getSelection()?.addRange(range)
      setState('failed')
    }
  }

  return (
    <div className={wide ? 'scan-field scan-field-wide' : 'scan-field'} data-testid={testId} data-value={value}>
      <dt id={`${id}-label`}>{label}</dt>
      <dd>
        <span ref={valueRef} className="scan-value">
          {children}
        </span>
        <button type="button" className="scan-copy" aria-describedby={`${id}-label`} onClick={() => void copy()}>
          {state === 'copied'
            ? t('common.copied')
            : state === 'failed'
              ? t('copy.selected')
              : t('copy.button', { what })}
        </button>
        <span role="status" className="visually-hidden">
          {state === 'copied' ? t('copy.done', { what: label }) : state === 'failed' ? t('copy.failed', { what }) : ''}
        </span>
      </dd>
    </div>
  )
}
