import { Link as RouterLink } from 'react-router-dom'

/**
 * A payer's page while its link is loading, or when it could not be loaded: the checkout and the
 * refund page say it alike. A 404 or 400 is a wrong address (no retry helps); anything else may
 * pass, so it offers Try again.
 */
export function LinkNotReady({ error, retry }: { error: (Error & { status?: number }) | null; retry(): void }) {
  if (!error) {
    return (
      <main className="page pay">
        <p className="page-status" role="status">
          Loading the payment link…
        </p>
      </main>
    )
  }
  const missing = error.status === 404 || error.status === 400
  return (
    <main className="page pay">
      <section className="card" role="alert">
        <h1>{missing ? 'Payment link not found' : 'This payment link could not be loaded'}</h1>
        <p>{missing ? 'Check the address you were given, or ask the merchant for a new link.' : error.message}</p>
        {!missing && <button onClick={retry}>Try again</button>}
        <p>
          <RouterLink to="/">Paylink home</RouterLink>
        </p>
      </section>
    </main>
  )
}
