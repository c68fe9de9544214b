import { formatRemaining } from '@paylink/shared'

export function Countdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const left = new Date(expiresAt).getTime() - now
  const at = new Date(expiresAt).toLocaleString()
  if (left <= 0) {
    return (
      <span className="countdown expired" data-testid="countdown">
        Expired <time dateTime={expiresAt}>{at}</time>
      </span>
    )
  }
  return (
    <span className={`countdown${left < 5 * 60_000 ? ' soon' : ''}`} data-testid="countdown" title={`Expires ${at}`}>
      Expires in <time dateTime={expiresAt}>{formatRemaining(left)}</time>
    </span>
  )
}
