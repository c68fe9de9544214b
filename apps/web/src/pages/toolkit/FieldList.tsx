import type { ReactNode } from 'react'

export type Field = [label: string, value: ReactNode, testId?: string]

/** A definition list of label/value pairs, each value addressable by test id. */
export function FieldList({ fields }: { fields: Field[] }) {
  return (
    <dl className="facts">
      {fields.map(([label, value, testId]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export const none = <span className="muted">none</span>
