import { Link } from 'react-router-dom'
import { useT } from '../../i18n/useT.js'

/** Loading, or the plan or subscription could not be read: the server's sentence and a way to try again. */
export function PageNotReady({
  what,
  error,
  retry,
}: {
  what: 'plan' | 'subscription'
  error: Error | null
  retry: () => void
}) {
  const { t } = useT()
  return (
    <main className="page pay">
      {error ? (
        <section className="card" role="alert" data-testid="page-not-ready">
          <h1>{what === 'plan' ? t('sub.failed.plan') : t('sub.failed.subscription')}</h1>
          <p>{error.message}</p>
          <p>
            <button type="button" onClick={retry}>
              {t('common.tryAgain')}
            </button>{' '}
            <Link to="/">{t('notReady.home')}</Link>
          </p>
        </section>
      ) : (
        <p className="page-status" role="status">
          {t('notReady.loading')}
        </p>
      )}
    </main>
  )
}
