/** A dashboard page's heading beside its Refresh button, which refetches `query` (disabled while it runs). */
export function RefreshableHeading({
  id,
  title,
  query,
}: {
  id: string
  title: string
  query: { refetch: () => unknown; isFetching: boolean }
}) {
  return (
    <div className="dash-section-head">
      <h2 id={id}>{title}</h2>
      <button type="button" onClick={() => query.refetch()} disabled={query.isFetching}>
        Refresh
      </button>
    </div>
  )
}
