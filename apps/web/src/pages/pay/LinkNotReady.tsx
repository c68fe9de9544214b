import { Link as RouterLink } from 'react-router-dom'
import { useT } from '../../i18n/useT.js'

/**
 * A payer's page while its link is loading, or when it could not be loaded: the checkout and the
 * refund page say it alike. A 404 or 400 is a wrong address (no retry helps); anything else may
 * pass, so it offers Try again.
 */
export function LinkNotReady({ error, retry }: { error: (Error & { status?: number }) | null; retry(): void }) {
  const { t } = useT()
  if (!error) {
    return (
      <main className="page pay">
        <p className="page-status" role="status">
          {t('notReady.loading')}
        </p>
      </main>
    )
  }
  const missing = error.status === 404 || error.status === 400
  return (
    <main className="page pay">
      <section className="card" role="alert">
        <h1>{missing ? t('notReady.missing.title') : t('notReady.failed.title')}</h1>
        <p>{missing ? t('notReady.missing.text') : error.message}</p>
        {!missing && <button onClick={retry}>{t('common.tryAgain')}</button>}
        <p>
          <RouterLink to="/">{t('notReady.home')}</RouterLink>
        </p>
      </section>
    </main>
  )
}
