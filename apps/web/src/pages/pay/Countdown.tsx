import { remaining } from '../../i18n/payerText.js'
import { useT } from '../../i18n/useT.js'

export function Countdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const left = new Date(expiresAt).getTime() - now
  const { t, date } = useT()
  const at = date(expiresAt, { dateStyle: 'medium', timeStyle: 'short' })
  if (left <= 0) {
    return (
      <span className="countdown expired" data-testid="countdown">
        {t('countdown.expired')} <time dateTime={expiresAt}>{at}</time>
      </span>
    )
  }
  return (
    <span
      className={`countdown${left < 5 * 60_000 ? ' soon' : ''}`}
      data-testid="countdown"
      title={t('countdown.expiresAt', { at })}
    >
      {t('countdown.expiresIn')} <time dateTime={expiresAt}>{remaining(t, left)}</time>
    </span>
  )
}
