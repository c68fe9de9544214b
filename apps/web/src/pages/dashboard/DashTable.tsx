import type { ReactNode } from 'react'

/**
 * The dashboard's tables: one header row of column names (an empty name is an actions column,
 * named for screen readers only). On phones the CSS turns each row into a card, each cell
 * labelled by its `data-label`, so rows must give their cells the same names.
 */
export function DashTable({ testId, columns, children }: { testId: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="dash-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((name) => (
            <th scope="col" key={name || 'actions'}>
              {name || <span className="visually-hidden">Actions</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/** A list query that failed: the server's sentence and a way to try again. */
export function LoadError({ what, error, retry }: { what: string; error: Error; retry: () => unknown }) {
  return (
    <p role="alert" className="error">
      {what} could not be loaded: {error.message}{' '}
      <button type="button" onClick={() => retry()}>
        Try again
      </button>
    </p>
  )
}
