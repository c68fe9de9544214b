import { useEffect, useState } from 'react'
import type { Link } from '@paylink/shared'
import { successUrlFor } from './successUrlFor.js'
import { useT } from '../../i18n/useT.js'

/** Seconds before the payer is taken to the merchant's page, unless they choose to stay. */
export const continueDelaySeconds = 5

/**
 * After Paid, on a link with a success URL: "Continue to <host>", followed by itself after 5 s
 * unless the payer presses "Stay on this page" (the receipt stays in either case until then).
 */
export function ContinueToMerchant({ link }: { link: Pick<Link, 'id' | 'successUrl'> }) {
  const target = link.successUrl ? successUrlFor(link.successUrl, link.id) : null
  const [left, setLeft] = useState(continueDelaySeconds)
  const [staying, setStaying] = useState(false)
  const href = target?.href
  const { t } = useT()

  useEffect(() => {
    if (!href || staying) return
    if (left <= 0) {
      window.location.assign(href)
      return
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [href, staying, left])

  if (!target) return null
  return (
    <div className="continue-to-merchant" data-testid="continue-to-merchant">
      <a className="button primary" href={target.href} data-testid="continue-link">
        {t('continue.link', { host: target.host })}
      </a>{' '}
      {staying ? (
        <span className="muted">{t('continue.staying')}</span>
      ) : (
        <>
          <span role="status" className="muted" data-testid="continue-countdown">
            {t('continue.countdown', { seconds: Math.max(left, 0) })}
          </span>{' '}
          <button type="button" onClick={() => setStaying(true)} data-testid="stay-on-page">
            {t('continue.stay')}
          </button>
        </>
      )}
    </div>
  )
}
