import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { formatDateTime } from './format.js'

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

/**
 * A list read from the server, in each of its states: a status while it loads, the load error with
 * a retry, `empty` once it is read with no rows, else `children` with its rows (still shown beside
 * the error when a re-read fails).
 */
export function QueryList<Row>({
  query,
  loading,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<Row[]>
  loading: string
  what: string
  empty: ReactNode
  children: (rows: Row[]) => ReactNode
}) {
  return (
    <>
      {query.isPending && <p role="status">{loading}</p>}
      {query.isError && <LoadError what={what} error={query.error} retry={query.refetch} />}
      {query.data?.length === 0 && empty}
      {query.data && query.data.length > 0 && children(query.data)}
    </>
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

/** A table cell that is one moment, written for people and kept machine-readable in `dateTime`. */
export function TimeCell({ label, at }: { label: string; at: string }) {
  return (
    <td data-label={label}>
      <time dateTime={at}>{formatDateTime(at)}</time>
    </td>
  )
}

/** "Load more" under a list read page by page: shown while the server says there are more pages. */
export function LoadMore({
  query,
  testId,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }
  testId: string
}) {
  if (!query.hasNextPage) return null
  return (
    <button
      type="button"
      onClick={() => query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      data-testid={testId}
    >
      {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
    </button>
  )
}

/** Why an action on a row failed (the server's sentence), under its button. */
export function ActionError({ action }: { action: { isError: boolean; error: Error | null } }) {
  if (!action.isError) return null
  return (
    <p role="alert" className="error dash-small">
      {action.error?.message}
    </p>
  )
}
