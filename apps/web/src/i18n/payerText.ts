import { formatRemaining } from '@paylink/shared'
import type { TextOf } from './useT.js'

/** Time left in the payer's language: "2 days 03:04:05" ("2 Tage 03:04:05"); the clock part is digits only. */
export function remaining(t: TextOf, ms: number): string {
  const text = formatRemaining(ms)
  const days = /^(\d+) d (.*)$/.exec(text)
  return days ? t('time.days', { days: Number(days[1]), clock: days[2]! }) : text
}
