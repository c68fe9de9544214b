import type { LiveState } from '../../api/useLiveLink.js'
import type { TextOf } from '../../i18n/useT.js'

/** The checkout's live badge: live only while the stream is on and the browser online; otherwise it says why not. */
export function liveText(t: TextOf, live: LiveState, online: boolean): { text: string; live: boolean } {
  if (!online) return { text: t('live.offline'), live: false }
  if (live === 'live') return { text: t('live.on'), live: true }
  if (live === 'reconnecting') return { text: t('live.reconnecting'), live: false }
  return { text: '', live: false }
}
