import type { InputHTMLAttributes, ReactNode } from 'react'

/**
 * An error as a sentence that names its field: "is required" under "Title" reads "Title is
 * required" (also to a screen reader, which hears the error without the label).
 */
export function fieldSentence(label: string, error: string): string {
  const name = label.replace(/\s*\(.*\)\s*$/, '')
  return /^(is|are|must|has|have)\b/.test(error) ? `${name} ${error}` : error
}

/** A label, its control, an optional hint, and the field's error right under it. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {fieldSentence(label, error)}
        </p>
      )}
    </div>
  )
}

/**
 * A Field whose control is one text input: `value` in, each edit's text out through `onChange`;
 * with `unit`, the unit (an asset's symbol, a currency) is shown after the input.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  unit,
  ...input
}: {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  value: string
  onChange: (value: string) => void
  unit?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <Field id={id} label={label} {...(error ? { error } : {})} {...(hint ? { hint } : {})}>
      {(props) => {
        const control = <input {...props} {...input} value={value} onChange={(e) => onChange(e.target.value)} />
        if (unit === undefined) return control
        return (
          <div className="dash-amount">
            {control}
            <span className="dash-amount-symbol">{unit}</span>
          </div>
        )
      }}
    </Field>
  )
}

/** A yes-or-no field of a form: the box, then what ticking it means. */
export function CheckboxField({
  testId,
  checked,
  onChange,
  children,
}: {
  testId: string
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label>
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
      {children}
    </label>
  )
}

/** A form's submit button: while what it sent runs, it waits and says so (`pendingText`, "Creating…"). */
export function SubmitButton({
  pending,
  pendingText,
  children,
}: {
  pending: boolean
  pendingText: string
  children: ReactNode
}) {
  return (
    <button type="submit" className="primary" disabled={pending}>
      {pending ? pendingText : children}
    </button>
  )
}
